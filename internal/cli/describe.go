package cli

import (
	"context"
	"flag"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// commandInfo is what the completion scripts and the manual page know of
// one command: its entry in the program's table and its flags.
type commandInfo struct {
	Command
	// Flags is the command's FlagSet as its Parse got it (every flag
	// defined); nil for a command that did not reach Parse.
	Flags *FlagSet
}

// flagInfo is the help of one flag, as -h prints it.
type flagInfo struct {
	Name string
	// Value names the flag's value ("N", "FILE", "format"); "" for a
	// boolean flag.
	Value string
	Usage string
	// Default is the default as the help shows it ("2", `"knuth"`), ""
	// when it is the zero value of the flag's type.
	Default string
	// DefaultDoc says what the default is when it depends on the machine
	// ("the number of CPUs"; see SetDefaultDoc).
	DefaultDoc string
}

// SetDefaultDoc says in words what the default of the named flag is when
// its value depends on the machine ("the number of CPUs"): the help
// prints "(default 2: the number of CPUs)", the manual page, which is the
// same on every machine, "(default: the number of CPUs)".
func (fs *FlagSet) SetDefaultDoc(name, doc string) {
	if fs.defaultDoc == nil {
		fs.defaultDoc = map[string]string{}
	}
	fs.defaultDoc[name] = doc
}

// flags returns the help of every flag, in the order of their names.
func (fs *FlagSet) flags() []flagInfo {
	var out []flagInfo
	fs.VisitAll(func(f *flag.Flag) { out = append(out, fs.flagInfo(f)) })
	return out
}

// flagInfo returns the help of flag f: every flag that takes a value shows
// a placeholder named in its usage ("-limit N") or, when the usage names
// none, one for its kind ("-timeout D", "-max-body N") instead of a Go
// type name.
func (fs *FlagSet) flagInfo(f *flag.Flag) flagInfo {
	name, usage := flag.UnquoteUsage(f)
	if !strings.Contains(f.Usage, "`") {
		if ph, ok := f.Value.(interface{ Placeholder() string }); ok {
			name = ph.Placeholder()
		} else {
			name = placeholder(name)
		}
	}
	fi := flagInfo{Name: f.Name, Value: name, Usage: usage, DefaultDoc: fs.defaultDoc[f.Name]}
	if !zeroDefault(f) {
		if reflect.TypeOf(f.Value).String() == "*flag.stringValue" {
			fi.Default = strconv.Quote(f.DefValue)
		} else {
			fi.Default = f.DefValue
		}
	}
	return fi
}

// commands returns the program's commands and the built-in ones.
func (p *Program) commands() []Command {
	return append(slices.Clip(p.Commands), p.builtins()...)
}

// builtins returns the commands every program has: the completion scripts
// and the manual page, made from the commands' own flag sets and help.
func (p *Program) builtins() []Command {
	return []Command{
		{Name: "completion", Short: "print the shell completion script (bash, zsh or fish)", Run: p.runCompletion, Words: shells},
		{Name: "man", Short: "print the manual page (roff)", Run: p.runMan},
	}
}

// describe runs every command with no arguments in describe mode: each
// stops at its FlagSet's Parse, which hands the FlagSet over, so that the
// completion scripts and the manual come from the flags the commands
// really define. A command does nothing else before Parse.
func (p *Program) describe() []commandInfo {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // nothing runs: a command that got past Parse stops at once
	var out []commandInfo
	for _, c := range p.commands() {
		info := commandInfo{Command: c}
		e := &Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard,
			describe: func(fs *FlagSet) {
				if info.Flags == nil {
					info.Flags = fs
				}
			}}
		c.Run(ctx, e, nil)
		out = append(out, info)
	}
	return out
}

// takesFiles reports whether the arguments of the command are files (its
// synopsis names a FILE or a PUZZLE, which may be a file).
func (c commandInfo) takesFiles() bool {
	if c.Flags == nil {
		return false
	}
	return strings.Contains(c.Flags.synopsis, "FILE") || strings.Contains(c.Flags.synopsis, "PUZZLE")
}

// valueKind tells how a shell completes the value of a flag: "file",
// "dir" or "" (free text).
func valueKind(f flagInfo) string {
	v := strings.ToUpper(f.Value)
	switch {
	case v == "DIR":
		return "dir"
	case v == "FILE" || v == "PIECE" || strings.HasSuffix(v, "FILE"):
		return "file"
	}
	return ""
}

// summary returns the first sentence of a flag's usage, at most about 80
// characters, for the shells that show a line per flag.
func summary(usage string) string {
	s, _, _ := strings.Cut(usage, "\n")
	for _, sep := range []string{"; ", ". ", " (see "} {
		if i := strings.Index(s, sep); i > 0 {
			s = s[:i]
		}
	}
	if r := []rune(s); len(r) > 80 {
		s = strings.TrimRight(string(r[:77]), " ,") + "..."
	}
	return s
}
