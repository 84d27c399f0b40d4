package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// EnvPrefix makes Parse read each flag not given on the command line from
// an environment variable: prefix, "_", and the flag's name in capitals
// with "-" as "_" (EnvName). A flag on the command line wins over its
// variable; a variable set to the empty string counts as unset; a value
// the flag refuses is a usage error that names the variable. The help
// says so after the flags. For the commands that run as services
// (sudoku serve with "SUDOKU", dlx worker and dlx cluster serve with
// "DLX"), which are often configured by their environment.
func (fs *FlagSet) EnvPrefix(prefix string) { fs.envPrefix = prefix }

// EnvName returns the environment variable of a flag: EnvName("SUDOKU",
// "max-searches") is "SUDOKU_MAX_SEARCHES".
func EnvName(prefix, flagName string) string {
	return prefix + "_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// lookupEnv reads an environment variable through e.LookupEnv, or the
// process's environment.
func (e *Env) lookupEnv(key string) (string, bool) {
	if e.LookupEnv != nil {
		return e.LookupEnv(key)
	}
	return os.LookupEnv(key)
}

// parseEnv sets the flags not given on the command line from their
// environment variables, when the flag set has an EnvPrefix.
func (fs *FlagSet) parseEnv() error {
	if fs.envPrefix == "" {
		return nil
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if err != nil || given[f.Name] {
			return
		}
		name := EnvName(fs.envPrefix, f.Name)
		v, ok := fs.e.lookupEnv(name)
		if !ok || v == "" {
			return
		}
		if serr := fs.Set(f.Name, v); serr != nil {
			err = fmt.Errorf("%s=%q: invalid value for -%s: %w", name, v, f.Name, serr)
			return
		}
		if fs.fromEnv == nil {
			fs.fromEnv = map[string]string{}
		}
		fs.fromEnv[f.Name] = name
	})
	return err
}

// Given names where the value of a flag came from, for a message about a
// value the command refuses after Parse: "-log", or the environment
// variable that set it ("SUDOKU_LOG").
func (fs *FlagSet) Given(name string) string {
	if v, ok := fs.fromEnv[name]; ok {
		return v
	}
	return "-" + name
}

// printEnvHelp tells the rule of EnvPrefix after the flags.
func (fs *FlagSet) printEnvHelp(w io.Writer) {
	var first string // the example: the first flag with a "-" in its name
	fs.VisitAll(func(f *flag.Flag) {
		if first == "" || (!strings.Contains(first, "-") && strings.Contains(f.Name, "-")) {
			first = f.Name
		}
	})
	fmt.Fprintf(w, "\nEnvironment: each flag may also be set by a variable, its name in capitals\n"+
		"with - as _ after %s_ (-%s: %s); a flag on the\ncommand line wins.\n",
		fs.envPrefix, first, EnvName(fs.envPrefix, first))
}
