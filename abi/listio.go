package abi

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// Note [list-directed output]
//
// A host runs the WRITE and PRINT statements of a kernel's host program
// with list-directed formatting (WRITE(u,*), PRINT *), laid out as
// gfortran lays it out, so that a kernel's messages read the same from
// every host as from the serial build:
//   - a record begins with a blank (an empty one is empty), and every item after the first is
//     preceded by a blank, except a character item that follows another;
//   - a default integer is right-justified in 11 columns, an integer(8) in
//     20, a logical is T or F;
//   - a real(4) is G16.9E2 and a real(8) G25.17E3: with its value rounded
//     to d significant digits (9 and 17), a value from 0.1 up to 10**d is
//     written in F form with d significant digits, right-justified in
//     w-e-2 columns and followed by e+2 blanks, and any other value (zero
//     aside, written 0.000...) in ES form with d-1 decimals and an
//     exponent of e digits; Infinity, -Infinity and NaN are right-justified
//     in w columns;
//   - a character item is written as it is.
// The Fortran host emits the WRITE itself.

// Print is a step that writes one record to Unit, 0 (standard error) or 6
// (standard output): each item is characters (X nil) or the value of X,
// of X's kind.
type Print struct {
	Unit  int         `json:"unit"`
	Items []PrintItem `json:"items"`
}

// PrintItem is one item of a Print step.
type PrintItem struct {
	Text string `json:"text,omitempty"`
	X    *Expr  `json:"x,omitempty"`
}

// print runs a Print step: nothing in a dry run.
func (w *walker) print(h *Host, p *Print) error {
	if h.Read == nil || h.Write == nil {
		return nil
	}
	items := make([]Item, len(p.Items))
	for i, it := range p.Items {
		if it.X == nil {
			items[i] = Item{Text: it.Text}
			continue
		}
		v, known, err := w.value(h, it.X)
		if err == nil && !known {
			return nil // a dry run: nothing is written
		}
		if err != nil {
			return fmt.Errorf("kernel %q: write: %v", w.k.Name, err)
		}
		items[i] = itemOf(it.X.exprKind(), v)
	}
	return h.Write(p.Unit, ListDirected(items))
}

// itemOf is the list item of host word v (Note [host values]) of kind k.
func itemOf(k Kind, v int) Item {
	switch k {
	case Real4, Real8:
		return Item{Kind: k, Real: WordReal(v)}
	case Logical:
		return Item{Kind: k, Bool: v != 0}
	case Int64:
		return Item{Kind: k, Int: int64(v)}
	}
	return Item{Kind: Int, Int: int64(v)}
}

// Item is one item of a list-directed output statement: a value of Kind,
// or, when Kind is "", the characters Text.
type Item struct {
	Kind Kind
	Int  int64   // Int, Int64
	Real float64 // Real4 (a float32's value), Real8
	Bool bool    // Logical
	Text string  // characters
}

// ListDirected returns one record of items as gfortran's list-directed
// output writes it (Note [list-directed output]), without the newline.
func ListDirected(items []Item) string {
	if len(items) == 0 {
		return "" // an empty WRITE writes an empty record
	}
	var b strings.Builder
	b.WriteByte(' ')
	for i, it := range items {
		if i > 0 && (it.Kind != "" || items[i-1].Kind != "") {
			b.WriteByte(' ')
		}
		b.WriteString(listItem(it))
	}
	return b.String()
}

func listItem(it Item) string {
	switch it.Kind {
	case "":
		return it.Text
	case Int:
		return pad(strconv.FormatInt(it.Int, 10), 11)
	case Int64:
		return pad(strconv.FormatInt(it.Int, 10), 20)
	case Logical:
		if it.Bool {
			return "T"
		}
		return "F"
	case Real4:
		return listReal(it.Real, 9, 16, 2, 32)
	case Real8:
		return listReal(it.Real, 17, 25, 3, 64)
	}
	return "?"
}

// listReal writes x as Gw.dEe (see Note [list-directed output]); bits is
// 32 or 64, the precision x is rounded at.
func listReal(x float64, d, w, e, bits int) string {
	switch {
	case math.IsNaN(x):
		return pad("NaN", w)
	case math.IsInf(x, 1):
		return pad("Infinity", w)
	case math.IsInf(x, -1):
		return pad("-Infinity", w)
	}
	es := strconv.FormatFloat(x, 'e', d-1, bits) // m.mmmme±XX, rounded to d digits
	mant, exp, _ := strings.Cut(es, "e")
	k, _ := strconv.Atoi(exp)
	k++ // digits before the point in F form
	if x == 0 {
		k = 1
	}
	if k >= 0 && k <= d {
		f := strconv.FormatFloat(x, 'f', d-k, bits)
		if d == k {
			f += "."
		}
		return pad(f, w-e-2) + strings.Repeat(" ", e+2)
	}
	sign := "+"
	if k-1 < 0 {
		sign = "-"
	}
	digits := strconv.Itoa(abs(k - 1))
	if len(digits) < e {
		digits = strings.Repeat("0", e-len(digits)) + digits
	}
	return pad(mant+"E"+sign+digits, w)
}

// pad right-justifies s in w columns.
func pad(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}

// StdWrite writes a Print step's record to standard error (unit 0) or
// standard output (unit 6): the Host.Write of a host with no other place.
func StdWrite(unit int, record string) error {
	w := os.Stdout
	if unit == 0 {
		w = os.Stderr
	}
	_, err := fmt.Fprintln(w, record)
	return err
}
