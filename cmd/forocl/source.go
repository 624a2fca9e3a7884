package main

import (
	"github.com/spf13/cobra"

	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/parser"
)

// sourceFlags are the preprocessor and source-form flags of frontFlags:
// -D NAME[=VALUE], -U NAME (applied in order), --ffixed-form and
// --ffree-form (also spelt with one dash, as gfortran does).
type sourceFlags struct {
	defines []parser.Define
	fixed   bool
	free    bool
}

// defineFlag appends each -D or -U to the shared, ordered list.
type defineFlag struct {
	list  *[]parser.Define
	undef bool
}

func (d defineFlag) String() string { return "" }

func (d defineFlag) Type() string {
	if d.undef {
		return "NAME"
	}
	return "NAME[=VALUE]"
}

func (d defineFlag) Set(v string) error {
	if d.undef {
		def, err := parser.ParseDefine(v)
		if err != nil || def.Value != "1" {
			return usageErr("-U %q: want a macro name", v)
		}
		*d.list = append(*d.list, parser.Define{Name: def.Name, Undef: true})
		return nil
	}
	def, err := parser.ParseDefine(v)
	if err != nil {
		return err
	}
	*d.list = append(*d.list, def)
	return nil
}

func (s *sourceFlags) add(c *cobra.Command) {
	c.Flags().VarP(defineFlag{list: &s.defines}, "define", "D", "define a preprocessor macro (`NAME[=VALUE]`, VALUE 1 by default)")
	c.Flags().VarP(defineFlag{list: &s.defines, undef: true}, "undefine", "U", "undefine a preprocessor macro")
	c.Flags().BoolVar(&s.fixed, "ffixed-form", false, "read every file as fixed form (default: .f, .for and .F are fixed form)")
	c.Flags().BoolVar(&s.free, "ffree-form", false, "read every file as free form")
}

// gfortran returns the flags that make gfortran read the sources as the
// front end did: the -D and -U macros, in order, and the include folders.
func (s *sourceFlags) gfortran(include []string) []string {
	var out []string
	for _, d := range s.defines {
		if d.Undef {
			out = append(out, "-U"+d.Name)
		} else {
			out = append(out, "-D"+d.Name+"="+d.Value)
		}
	}
	for _, dir := range include {
		out = append(out, "-I", dir)
	}
	return out
}

// options returns the driver options for the front end.
func (s *sourceFlags) options(include []string) (driver.Options, error) {
	o := driver.Options{IncludeDirs: include, Defines: s.defines}
	switch {
	case s.fixed && s.free:
		return o, usageErr("-ffixed-form and -ffree-form contradict each other; give one")
	case s.fixed:
		o.Form = parser.FormFixed
	case s.free:
		o.Form = parser.FormFree
	}
	return o, nil
}

// gnuFlags spells gfortran's one-dash -ffixed-form and -ffree-form with
// two dashes, which is what the flag parser reads.
func gnuFlags(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "-ffixed-form" || a == "-ffree-form" {
			a = "-" + a
		}
		out[i] = a
	}
	return out
}
