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

// CharTest is logical host variable Var = X Op Y (Op one of ==, /=, <,
// <=, >, >=) of the values the kernel is called with: a comparison of
// characters in an IF between nests, which a host computes as it starts
// the program (CharTestVals).
type CharTest struct {
	Var  string     `json:"var"`
	Op   string     `json:"op"`
	X    []CharPart `json:"x"`
	Y    []CharPart `json:"y"`
	Line int        `json:"line,omitempty"`
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
	vals, set, err := k.startChars(in)
	if err != nil {
		return nil, err
	}
	for _, s := range k.CharSets {
		p := k.CharParam(s.Var)
		if p == nil {
			return nil, fmt.Errorf("kernel %q: line %d assigns %s, which is no character parameter", k.Name, s.Line, s.Var)
		}
		if q := k.unallocated(s.Parts, set); q != nil && p.Deferred {
			// a = b of unallocated deferred-length b: a copy of a structure
			// (res = self) leaves a unallocated too
			set[p.Name] = false
			continue
		}
		v, err := k.concat(s.Parts, vals, set, s.Line)
		if err != nil {
			return nil, err
		}
		if p.Len == 0 && !p.Deferred {
			vals[p.Name] = p.pad(v, len(vals[p.Name]))
		} else {
			vals[p.Name] = p.CharValue(v)
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

// startChars returns the values of k's character parameters as the
// kernel is called with in, and which of them have one.
func (k *Kernel) startChars(in map[string]string) (vals map[string]string, set map[string]bool, err error) {
	vals, set = map[string]string{}, map[string]bool{}
	for _, p := range k.Chars {
		v, ok := in[p.Name]
		switch {
		case !ok && p.Len == 0 && !p.Deferred:
			return nil, nil, fmt.Errorf("kernel %q: character %s is len=*: give its value, whose length is its length", k.Name, p.Name)
		case !ok && p.Intent != Out && !p.Deferred: // a deferred one not given is not allocated
			return nil, nil, fmt.Errorf("kernel %q: no value for character %s", k.Name, p.Name)
		}
		vals[p.Name] = p.CharValue(v)
		set[p.Name] = ok && p.Intent != Out
	}
	return vals, set, nil
}

// unallocated returns the one part of parts when it is a deferred-length
// parameter with no value (not allocated), else nil.
func (k *Kernel) unallocated(parts []CharPart, set map[string]bool) *CharParam {
	if len(parts) != 1 || parts[0].IsLit {
		return nil
	}
	if q := k.CharParam(parts[0].Name); q != nil && q.Deferred && !set[q.Name] {
		return q
	}
	return nil
}

// concat is the value of parts, or an error naming line when one has no
// value.
func (k *Kernel) concat(parts []CharPart, vals map[string]string, set map[string]bool, line int) (string, error) {
	var b strings.Builder
	for _, part := range parts {
		if part.IsLit {
			b.WriteString(part.Lit)
			continue
		}
		q := k.CharParam(part.Name)
		if q == nil || !set[q.Name] {
			return "", fmt.Errorf("kernel %q: line %d reads character %s, which has no value there", k.Name, line, part.Name)
		}
		b.WriteString(vals[q.Name])
	}
	return b.String(), nil
}

// CharTestVals returns the word (0 or 1) of each of k's CharTests with the
// values in (as RunChars takes them), by host variable.
func (k *Kernel) CharTestVals(in map[string]string) (map[string]int, error) {
	vals, set, err := k.startChars(in)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, t := range k.CharTests {
		x, err := k.concat(t.X, vals, set, t.Line)
		if err != nil {
			return nil, err
		}
		y, err := k.concat(t.Y, vals, set, t.Line)
		if err != nil {
			return nil, err
		}
		c := CompareChars(x, y)
		r, ok := map[string]bool{"==": c == 0, "/=": c != 0, "<": c < 0, "<=": c <= 0, ">": c > 0, ">=": c >= 0}[t.Op]
		if !ok {
			return nil, fmt.Errorf("kernel %q: line %d: comparison %q of characters", k.Name, t.Line, t.Op)
		}
		out[t.Var] = b2i(r)
	}
	return out, nil
}

// CompareChars compares a and b as Fortran does, the shorter padded with
// blanks, byte by byte (gfortran's ASCII order): -1, 0 or 1.
func CompareChars(a, b string) int {
	n := max(len(a), len(b))
	a += strings.Repeat(" ", n-len(a))
	b += strings.Repeat(" ", n-len(b))
	return strings.Compare(a, b)
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

// chars prints the character parameters, host values, and what the host
// does with them (Note [host characters]).
func (p *hostPrinter) chars() {
	if len(p.k.Chars) == 0 {
		return
	}
	p.line(1, "characters (host values, never on the device):")
	for _, c := range p.k.Chars {
		n := fmt.Sprintf("len=%d", c.Len)
		switch {
		case c.Deferred:
			n = "len=:, allocatable"
		case c.Len == 0:
			n = "len=*"
		}
		p.line(2, "%s character(%s) intent(%s)", c.Name, n, c.Intent)
	}
	for _, s := range p.k.CharSets {
		p.line(2, "line %d: %s = %s (in order; no launch reads it)", s.Line, s.Var, partsText(s.Parts))
	}
	for _, t := range p.k.CharTests {
		p.line(2, "line %d: host variable %s = %s %s %s, as the kernel is called", t.Line, t.Var, partsText(t.X), t.Op, partsText(t.Y))
	}
}

// partsText spells a concatenation in Fortran.
func partsText(parts []CharPart) string {
	var out []string
	for _, c := range parts {
		if c.IsLit {
			out = append(out, "'"+strings.ReplaceAll(c.Lit, "'", "''")+"'")
		} else {
			out = append(out, c.Name)
		}
	}
	return strings.Join(out, " // ")
}
