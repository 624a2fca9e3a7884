package abi

import (
	"fmt"
	"strings"
)

// FormatChars is the version of units whose kernels take character
// scalars (Kernel.Chars, Note [host characters] in ir/chars.go): a host
// written for FormatLate would neither take nor return them.
const FormatChars = 11

// CharParam is a character dummy "a" or a character component "s%name"
// of a structure dummy: a host value, which no launch reads.
type CharParam struct {
	Name   string `json:"name"`
	Len    int    `json:"len,omitempty"` // the declared length; 0 for len=* (the actual's) and deferred
	Intent Intent `json:"intent"`
	// Deferred says character(:), allocatable: each assignment gives it
	// the length of the value.
	Deferred bool    `json:"deferred,omitempty"`
	Struct   *Struct `json:"struct,omitempty"`
	// Arg is a dummy's position among the Fortran procedure's dummies,
	// from 0 (a component's structure has its own).
	Arg int `json:"arg,omitempty"`
}

// CharSet assigns Var the concatenation of Parts, as Fortran's
// character assignment does: truncated or padded with blanks to Var's
// length, or, deferred, of the value's length.
type CharSet struct {
	Var   string     `json:"var"`
	Parts []CharPart `json:"parts"`
	Line  int        `json:"line,omitempty"`
}

// CharPart is a literal (Lit, when IsLit) or the value of a CharParam.
type CharPart struct {
	Name  string `json:"name,omitempty"`
	Lit   string `json:"lit,omitempty"`
	IsLit bool   `json:"is_lit,omitempty"`
}

// CharParam returns k's character parameter name (any case), or nil.
func (k *Kernel) CharParam(name string) *CharParam {
	for i := range k.Chars {
		if strings.EqualFold(k.Chars[i].Name, name) {
			return &k.Chars[i]
		}
	}
	return nil
}

// CharValue is value given to character parameter p as Fortran's
// assignment gives it: truncated or padded with blanks to p's length
// when it has one; a len=* dummy is as long as what its caller passes.
func (p *CharParam) CharValue(value string) string {
	if p.Deferred || p.Len == 0 {
		return value
	}
	if len(value) >= p.Len {
		return value[:p.Len]
	}
	return value + strings.Repeat(" ", p.Len-len(value))
}

// RunChars runs k's character assignments (Note [host characters]) on
// in, the values of its character parameters by name as k spells them
// (an intent(out) one need not be given, except a len=* one, whose
// length the caller's value gives), and returns the values of its
// intent(out) and intent(inout) character parameters.
func (k *Kernel) RunChars(in map[string]string) (map[string]string, error) {
	vals := map[string]string{}
	set := map[string]bool{}
	for _, p := range k.Chars {
		v, ok := in[p.Name]
		switch {
		case !ok && p.Len == 0 && !p.Deferred:
			return nil, fmt.Errorf("kernel %q: character %s is len=*: give its value, whose length is its length", k.Name, p.Name)
		case !ok && p.Intent != Out && !p.Deferred: // a deferred one not given is not allocated
			return nil, fmt.Errorf("kernel %q: no value for character %s", k.Name, p.Name)
		}
		vals[p.Name] = p.CharValue(v)
		set[p.Name] = ok && p.Intent != Out
	}
	for _, s := range k.CharSets {
		p := k.CharParam(s.Var)
		if p == nil {
			return nil, fmt.Errorf("kernel %q: line %d assigns %s, which is no character parameter", k.Name, s.Line, s.Var)
		}
		var b strings.Builder
		for _, part := range s.Parts {
			if part.IsLit {
				b.WriteString(part.Lit)
				continue
			}
			if q := k.CharParam(part.Name); q == nil || !set[q.Name] {
				return nil, fmt.Errorf("kernel %q: line %d reads character %s, which has no value there", k.Name, s.Line, part.Name)
			}
			b.WriteString(vals[k.CharParam(part.Name).Name])
		}
		if p.Len == 0 && !p.Deferred {
			vals[p.Name] = p.pad(b.String(), len(vals[p.Name]))
		} else {
			vals[p.Name] = p.CharValue(b.String())
		}
		set[p.Name] = true
	}
	out := map[string]string{}
	for _, p := range k.Chars {
		if p.Intent != In && set[p.Name] {
			out[p.Name] = vals[p.Name]
		}
	}
	return out, nil
}

// pad truncates or pads value to n characters.
func (p *CharParam) pad(value string, n int) string {
	q := CharParam{Len: n}
	if n == 0 {
		return ""
	}
	return q.CharValue(value)
}

// CharOutputs are k's intent(out) and intent(inout) character
// parameters.
func (k *Kernel) CharOutputs() []CharParam {
	var out []CharParam
	for _, c := range k.Chars {
		if c.Intent != In {
			out = append(out, c)
		}
	}
	return out
}
