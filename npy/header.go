package npy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// This file parses and formats the header of an .npy file: a Python dict
// literal such as {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }.

type header struct {
	descr   string
	fortran bool
	shape   []int
}

// pyTuple is a parsed tuple or list.
type pyTuple []any

const maxNesting = 16

// parseHeader parses the header dict. Errors are plain; the caller adds the
// file name and ErrMalformed.
func parseHeader(s string) (header, error) {
	p := &pyParser{s: s}
	v, err := p.value(0)
	if err != nil {
		return header{}, err
	}
	p.skipSpace()
	if p.i != len(p.s) {
		return header{}, fmt.Errorf("unexpected %q after the header dict", p.rest())
	}
	d, ok := v.(map[string]any)
	if !ok {
		return header{}, errors.New("header is not a dict")
	}
	var h header
	dv, ok := d["descr"]
	if !ok {
		return h, errors.New("header lacks 'descr'")
	}
	if h.descr, ok = dv.(string); !ok {
		// Structured dtypes have a list descr; report them as a dtype.
		h.descr = fmt.Sprint(dv)
	}
	fv, ok := d["fortran_order"]
	if !ok {
		return h, errors.New("header lacks 'fortran_order'")
	}
	if h.fortran, ok = fv.(bool); !ok {
		return h, fmt.Errorf("'fortran_order' is %v, want True or False", fv)
	}
	sv, ok := d["shape"]
	if !ok {
		return h, errors.New("header lacks 'shape'")
	}
	t, ok := sv.(pyTuple)
	if !ok {
		return h, fmt.Errorf("'shape' is %v, want a tuple", sv)
	}
	h.shape = make([]int, 0, len(t))
	for _, e := range t {
		n, ok := e.(int64)
		if !ok || n < 0 || int64(int(n)) != n {
			return h, fmt.Errorf("'shape' entry %v is not a valid dimension", e)
		}
		h.shape = append(h.shape, int(n))
	}
	return h, nil
}

type pyParser struct {
	s string
	i int
}

func (p *pyParser) rest() string {
	r := p.s[p.i:]
	if len(r) > 20 {
		r = r[:20] + "..."
	}
	return r
}

func (p *pyParser) skipSpace() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// value parses a dict, tuple, list, string, integer, True, False or None.
func (p *pyParser) value(depth int) (any, error) {
	if depth > maxNesting {
		return nil, errors.New("header nests too deeply")
	}
	p.skipSpace()
	if p.i >= len(p.s) {
		return nil, errors.New("header ends early")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.dict(depth)
	case c == '(':
		return p.seq(depth, ')')
	case c == '[':
		return p.seq(depth, ']')
	case c == '\'' || c == '"':
		return p.str()
	case c == '-' || c == '+' || (c >= '0' && c <= '9'):
		return p.integer()
	}
	for _, w := range []struct {
		word string
		v    any
	}{{"True", true}, {"False", false}, {"None", nil}} {
		if strings.HasPrefix(p.s[p.i:], w.word) {
			p.i += len(w.word)
			return w.v, nil
		}
	}
	return nil, fmt.Errorf("unexpected %q in header", p.rest())
}

func (p *pyParser) dict(depth int) (any, error) {
	p.i++ // {
	d := map[string]any{}
	for {
		p.skipSpace()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return d, nil
		}
		kv, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		k, ok := kv.(string)
		if !ok {
			return nil, fmt.Errorf("header dict key %v is not a string", kv)
		}
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, fmt.Errorf("expected ':' after key %q", k)
		}
		p.i++
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		if _, dup := d[k]; dup {
			return nil, fmt.Errorf("duplicate key %q", k)
		}
		d[k] = v
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, errors.New("header dict is not closed")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case '}':
		default:
			return nil, fmt.Errorf("expected ',' or '}' in header dict, found %q", p.rest())
		}
	}
}

func (p *pyParser) seq(depth int, end byte) (any, error) {
	p.i++ // ( or [
	var t pyTuple
	for {
		p.skipSpace()
		if p.i < len(p.s) && p.s[p.i] == end {
			p.i++
			if t == nil {
				t = pyTuple{}
			}
			return t, nil
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		t = append(t, v)
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, errors.New("header tuple is not closed")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case end:
		default:
			return nil, fmt.Errorf("expected ',' or %q in header, found %q", end, p.rest())
		}
	}
}

func (p *pyParser) str() (any, error) {
	q := p.s[p.i]
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			return b.String(), nil
		case c == '\\' && p.i+1 < len(p.s):
			b.WriteByte(p.s[p.i+1])
			p.i += 2
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return nil, errors.New("unterminated string in header")
}

func (p *pyParser) integer() (any, error) {
	start := p.i
	if p.s[p.i] == '-' || p.s[p.i] == '+' {
		p.i++
	}
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	// Python 2 era files may write long integers as 3L.
	lit := p.s[start:p.i]
	if p.i < len(p.s) && (p.s[p.i] == 'L' || p.s[p.i] == 'l') {
		p.i++
	}
	n, err := strconv.ParseInt(lit, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("bad integer %q in header", lit)
	}
	return n, nil
}

// formatHeader returns the header dict text NumPy itself writes, without
// the padding.
func formatHeader(descr string, fortran bool, shape []int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "{'descr': '%s', 'fortran_order': ", descr)
	if fortran {
		b.WriteString("True")
	} else {
		b.WriteString("False")
	}
	b.WriteString(", 'shape': (")
	for i, n := range shape {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n))
	}
	if len(shape) == 1 {
		b.WriteByte(',')
	}
	b.WriteString("), }")
	return b.String()
}
