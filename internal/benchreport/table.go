// Package benchreport renders benchmark results as text tables (GitHub
// markdown, CSV) and as log-log line charts (PNG).
//
// The chart is drawn by gonum.org/v1/plot (axes, ticks, text, legend);
// this package chooses the decades and labels of the log axes. The output
// is deterministic (same input, same bytes). The shallow-water example's
// -bench calls it.
package benchreport

import (
	"encoding/csv"
	"io"
	"strings"
	"unicode/utf8"
)

// Table is a simple rectangular text table.
//
// Align holds one byte per column: 'l' (left), 'r' (right) or 'c' (centre).
// Columns without an entry (or with any other byte) are left-aligned and get
// a plain "---" delimiter in markdown.
type Table struct {
	Header []string
	Rows   [][]string
	Align  []byte
}

// numCols is the widest of the header and all rows.
func (t *Table) numCols() int {
	n := len(t.Header)
	for _, r := range t.Rows {
		if len(r) > n {
			n = len(r)
		}
	}
	return n
}

func (t *Table) align(i int) byte {
	if i < len(t.Align) {
		switch t.Align[i] {
		case 'l', 'r', 'c':
			return t.Align[i]
		}
	}
	return 0
}

// mdCell escapes a cell for a GFM table: pipes are backslash-escaped and line
// breaks become spaces.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "\r\n", " ")
	s = strings.ReplaceAll(s, "\n", " ")
	s = strings.ReplaceAll(s, "\r", " ")
	return strings.ReplaceAll(s, "|", `\|`)
}

func cellAt(row []string, i int) string {
	if i < len(row) {
		return row[i]
	}
	return ""
}

// pad pads s to width w (in runes) according to the alignment.
func pad(s string, w int, a byte) string {
	n := w - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	switch a {
	case 'r':
		return strings.Repeat(" ", n) + s
	case 'c':
		l := n / 2
		return strings.Repeat(" ", l) + s + strings.Repeat(" ", n-l)
	default:
		return s + strings.Repeat(" ", n)
	}
}

// Markdown writes the table as a GitHub-flavoured markdown table. Cells are
// padded so that the raw text columns line up; rows shorter than the widest
// row are padded with empty cells. Pipes in cells are escaped.
func (t *Table) Markdown(w io.Writer) error {
	nc := t.numCols()
	if nc == 0 {
		return nil
	}
	header := make([]string, nc)
	rows := make([][]string, len(t.Rows))
	widths := make([]int, nc)
	for i := range widths {
		widths[i] = 3 // minimum delimiter width
	}
	measure := func(dst []string, src []string) {
		for i := 0; i < nc; i++ {
			dst[i] = mdCell(cellAt(src, i))
			if n := utf8.RuneCountInString(dst[i]); n > widths[i] {
				widths[i] = n
			}
		}
	}
	measure(header, t.Header)
	for r, row := range t.Rows {
		rows[r] = make([]string, nc)
		measure(rows[r], row)
	}

	var b strings.Builder
	line := func(cells []string) {
		b.WriteByte('|')
		for i, c := range cells {
			b.WriteByte(' ')
			b.WriteString(pad(c, widths[i], t.align(i)))
			b.WriteString(" |")
		}
		b.WriteByte('\n')
	}
	line(header)
	b.WriteByte('|')
	for i := 0; i < nc; i++ {
		wd := widths[i]
		b.WriteByte(' ')
		switch t.align(i) {
		case 'l':
			b.WriteString(":" + strings.Repeat("-", wd-1))
		case 'r':
			b.WriteString(strings.Repeat("-", wd-1) + ":")
		case 'c':
			b.WriteString(":" + strings.Repeat("-", wd-2) + ":")
		default:
			b.WriteString(strings.Repeat("-", wd))
		}
		b.WriteString(" |")
	}
	b.WriteByte('\n')
	for _, r := range rows {
		line(r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// CSV writes the header (if any) and the rows with encoding/csv.
func (t *Table) CSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if len(t.Header) > 0 {
		if err := cw.Write(t.Header); err != nil {
			return err
		}
	}
	for _, r := range t.Rows {
		if err := cw.Write(r); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
