package main

import (
	"bytes"
	"errors"
	"testing"
)

// TestRankWriter: every line gets the rank prefix once, "forocl: "
// lines after their "forocl: ", others (diagnostics, source lines and
// carets) in front, keeping carets under their columns; errors keep
// their exit codes.
func TestRankWriter(t *testing.T) {
	var b bytes.Buffer
	w := newRankWriter(&b, 1, 3)
	w.Write([]byte("forocl: note: x\nk.f90:3:5: error: bad [code]\n    3 | a = b\n      |     ^\nforocl: rank 1 of 3: al"))
	w.Write([]byte("ready\npartial"))
	w.flush()
	want := "forocl: rank 1 of 3: note: x\n" +
		"forocl: rank 1 of 3: k.f90:3:5: error: bad [code]\n" +
		"forocl: rank 1 of 3:     3 | a = b\n" +
		"forocl: rank 1 of 3:       |     ^\n" +
		"forocl: rank 1 of 3: already\n" +
		"forocl: rank 1 of 3: partial\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	for _, c := range []struct {
		err  error
		code int
		msg  string
	}{
		{usageErr("--slabs 0"), 2, "rank 1 of 3: --slabs 0"},
		{errors.New("boom"), 1, "rank 1 of 3: boom"},
		{errInterrupted, 130, "rank 1 of 3: " + errInterrupted.msg},
		{failed, 1, ""},
	} {
		var ee *exitError
		if !errors.As(w.wrap(c.err), &ee) || ee.code != c.code || ee.msg != c.msg {
			t.Errorf("wrap(%v) = %v; want exit %d, %q", c.err, w.wrap(c.err), c.code, c.msg)
		}
	}
	if w.wrap(nil) != nil {
		t.Error("wrap(nil) is not nil")
	}
}
