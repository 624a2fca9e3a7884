package benchreport

import (
	"strings"
	"testing"
)

func sampleTable() *Table {
	return &Table{
		Header: []string{"width", "serial ms", "OpenCL ms", "note"},
		Rows: [][]string{
			{"16", "0.0123", "0.5", "a|b"},
			{"4096", "123.4", "2.25"},
		},
		Align: []byte{'r', 'r', 'r', 'l'},
	}
}

func TestMarkdown(t *testing.T) {
	var b strings.Builder
	if err := sampleTable().Markdown(&b); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"| width | serial ms | OpenCL ms | note |\n" +
		"| ----: | --------: | --------: | :--- |\n" +
		"|    16 |    0.0123 |       0.5 | a\\|b |\n" +
		"|  4096 |     123.4 |      2.25 |      |\n"
	if got := b.String(); got != want {
		t.Errorf("Markdown:\n got:\n%s\nwant:\n%s", got, want)
	}
}

func TestMarkdownAlignDefaultsAndCentre(t *testing.T) {
	tb := &Table{
		Header: []string{"a", "bb"},
		Rows:   [][]string{{"xxxxx", "y", "extra"}},
		Align:  []byte{'c'},
	}
	var b strings.Builder
	if err := tb.Markdown(&b); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"|   a   | bb  |       |\n" +
		"| :---: | --- | ----- |\n" +
		"| xxxxx | y   | extra |\n"
	if got := b.String(); got != want {
		t.Errorf("Markdown:\n got:\n%s\nwant:\n%s", got, want)
	}
}

func TestMarkdownEmpty(t *testing.T) {
	var b strings.Builder
	if err := (&Table{}).Markdown(&b); err != nil {
		t.Fatal(err)
	}
	if b.Len() != 0 {
		t.Errorf("empty table wrote %q", b.String())
	}
}

func TestCSV(t *testing.T) {
	var b strings.Builder
	if err := sampleTable().CSV(&b); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"width,serial ms,OpenCL ms,note\n" +
		"16,0.0123,0.5,a|b\n" +
		"4096,123.4,2.25\n"
	if got := b.String(); got != want {
		t.Errorf("CSV:\n got:\n%s\nwant:\n%s", got, want)
	}

	b.Reset()
	tb := &Table{Header: []string{"name", "v"}, Rows: [][]string{{`a,"b"`, "1"}}}
	if err := tb.CSV(&b); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "name,v\n\"a,\"\"b\"\"\",1\n"; got != want {
		t.Errorf("CSV quoting: got %q want %q", got, want)
	}
}
