package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/quote"
)

// FlagSet is the flags of one command, with its help and the messages it
// prints.
type FlagSet struct {
	*flag.FlagSet
	e          *Env
	synopsis   string
	doc        string
	defaultDoc map[string]string // see SetDefaultDoc
	// envPrefix, when set, names the environment variables the flags
	// not given on the command line are read from (see EnvPrefix).
	envPrefix string
	fromEnv   map[string]string // flag name: the variable that set it
}

// NewFlagSet returns the flags of the command name ("sudoku solve"): its
// help is "Usage: NAME SYNOPSIS", the paragraphs of doc, then the flags.
func NewFlagSet(e *Env, name, synopsis, doc string) *FlagSet {
	fs := &FlagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), e: e, synopsis: synopsis, doc: doc}
	fs.FlagSet.SetOutput(io.Discard)
	return fs
}

// PrintHelp writes the command's help to w.
func (fs *FlagSet) PrintHelp(w io.Writer) {
	fmt.Fprintf(w, "Usage: %s %s\n", fs.Name(), fs.synopsis)
	if doc := strings.TrimSpace(fs.doc); doc != "" {
		fmt.Fprintf(w, "\n%s\n", doc)
	}
	fmt.Fprintf(w, "\nFlags:\n")
	for _, f := range fs.flags() {
		printFlag(w, f)
	}
	if fs.envPrefix != "" {
		fs.printEnvHelp(w)
	}
}

// printFlag writes the help of one flag as package flag's PrintDefaults
// does, except for the placeholders of values (see FlagSet.flagInfo) and
// for the defaults that depend on the machine (see SetDefaultDoc).
func printFlag(w io.Writer, f flagInfo) {
	var b strings.Builder
	fmt.Fprintf(&b, "  -%s", f.Name)
	if f.Value != "" {
		b.WriteString(" " + f.Value)
	}
	if b.Len() <= 4 {
		b.WriteString("\t")
	} else {
		b.WriteString("\n    \t")
	}
	b.WriteString(strings.ReplaceAll(f.Usage, "\n", "\n    \t"))
	switch {
	case f.DefaultDoc != "" && f.Default != "":
		fmt.Fprintf(&b, " (default %s: %s)", f.Default, f.DefaultDoc)
	case f.DefaultDoc != "":
		fmt.Fprintf(&b, " (default: %s)", f.DefaultDoc)
	case f.Default != "":
		fmt.Fprintf(&b, " (default %s)", f.Default)
	}
	fmt.Fprintln(w, b.String())
}

// placeholder names the value of a flag whose usage names none, from the
// Go type name package flag gives it.
func placeholder(typeName string) string {
	switch typeName {
	case "":
		return "" // a boolean flag
	case "int", "uint":
		return "N"
	case "float":
		return "X"
	case "duration":
		return "D"
	case "string":
		return "TEXT"
	}
	return "VALUE"
}

// zeroDefault reports whether f's default is the zero value of its type,
// which the help does not print (as package flag decides it).
func zeroDefault(f *flag.Flag) (zero bool) {
	defer func() {
		if recover() != nil {
			zero = false
		}
	}()
	typ := reflect.TypeOf(f.Value)
	var z reflect.Value
	if typ.Kind() == reflect.Pointer {
		z = reflect.New(typ.Elem())
	} else {
		z = reflect.Zero(typ)
	}
	v, ok := z.Interface().(flag.Value)
	return ok && f.DefValue == v.String()
}

// Parse parses args: flags may come before, between and after the other
// arguments, which it returns in order; "--" ends the flags (what follows
// is arguments even when it starts with '-'), and "-" alone is an
// argument. It returns ok false with the exit status when the command must
// stop: 0 after -h (the help goes to standard output), 2 after a bad flag
// (one line on standard error).
func (fs *FlagSet) Parse(args []string) (rest []string, code int, ok bool) {
	if fs.e.describe != nil {
		fs.e.describe(fs)
		return nil, ExitOK, false
	}
	end := fs.terminator(args)
	tail := []string{}
	if end >= 0 {
		args, tail = args[:end], args[end+1:]
	}
	for {
		err := fs.FlagSet.Parse(args)
		switch {
		case errors.Is(err, flag.ErrHelp):
			fs.PrintHelp(fs.e.Stdout)
			return nil, ExitOK, false
		case err != nil:
			msg := Clip(err.Error())
			for _, a := range args {
				if len(a) > quote.Max {
					msg = strings.ReplaceAll(msg, a, quote.Short(a))
				}
			}
			fs.Errorf("%s (see %s -h)", msg, fs.Name())
			return nil, ExitUsage, false
		}
		args = fs.FlagSet.Args()
		if len(args) == 0 {
			break
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
	if err := fs.parseEnv(); err != nil {
		fs.Errorf("%v (see %s -h)", err, fs.Name())
		return nil, ExitUsage, false
	}
	return append(rest, tail...), ExitOK, true
}

// terminator returns the index of the "--" that ends the flags of args,
// or -1: it walks args as package flag does (a flag that is not boolean
// and not written -name=value takes the next argument as its value).
func (fs *FlagSet) terminator(args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return i
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			return -1 // Parse reports the bad flag
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		i++ // the flag's value
	}
	return -1
}

// IsSet reports whether the flag name was given: on the command line, or,
// after Parse, from the environment (see EnvPrefix).
func (fs *FlagSet) IsSet(name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// Errorf prints "NAME: message" on standard error, long quotes clipped.
func (fs *FlagSet) Errorf(format string, a ...any) {
	fmt.Fprintf(fs.e.Stderr, "%s: %s\n", fs.Name(), Clip(fmt.Sprintf(format, a...)))
}

// Usagef prints a message as Errorf and returns ExitUsage.
func (fs *FlagSet) Usagef(format string, a ...any) int {
	fs.Errorf(format, a...)
	return ExitUsage
}

// Failf prints a message as Errorf and returns ExitFail.
func (fs *FlagSet) Failf(format string, a ...any) int {
	fs.Errorf(format, a...)
	return ExitFail
}

// Output returns a buffered writer on standard output. A write error
// sticks to it: every later write and Flush return it; Finish reports it.
func (fs *FlagSet) Output() *bufio.Writer { return bufio.NewWriterSize(fs.e.Stdout, 64<<10) }

// Finish flushes w and returns code, or, when the output could not be
// written, prints the error and returns ExitFail (or code, if it is
// ExitUsage).
func (fs *FlagSet) Finish(w *bufio.Writer, code int) int {
	if err := w.Flush(); err != nil {
		fs.Errorf("writing the output: %v", err)
		if code != ExitUsage {
			code = ExitFail
		}
	}
	return code
}

// ErrorRecord writes the record of -json for an input that could not be
// handled on standard output: {"status":"error","error":{...}}, the error
// object of jsonfmt with the given code (its message clipped).
func (fs *FlagSet) ErrorRecord(code string, err error) {
	je := jsonfmt.FromError(code, err)
	je.Message = Clip(je.Message)
	w := fs.Output()
	jsonfmt.NewEncoder(w).Encode(struct {
		Status string         `json:"status"`
		Error  *jsonfmt.Error `json:"error"`
	}{"error", je})
	fs.Finish(w, 0)
}

// List is the value of a flag that may be repeated and takes a
// comma-separated list, the values of both in order ("-origin a,b -origin
// c": a, b, c); blanks around an item are dropped, empty items ignored.
type List []string

// String returns the items joined by commas.
func (l *List) String() string { return strings.Join(*l, ",") }

// Set adds the items of s.
func (l *List) Set(s string) error {
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			*l = append(*l, item)
		}
	}
	return nil
}
