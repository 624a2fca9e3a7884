package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// rankWriter gives every line a rank of an --mpi run prints on stderr the
// prefix of the README, "forocl: rank R of N: ", as mpi.Comm.Abort's
// messages have it: a line that starts "forocl: " gets the rank after
// that, any other line (a diagnostic, its source line and caret) the
// whole prefix, so that carets stay under their columns. Partial lines
// wait for their newline (or flush). It is safe for concurrent use (the
// interrupt handler writes from its own goroutine).
type rankWriter struct {
	mu    sync.Mutex
	w     io.Writer
	label string // "rank R of N: "
	buf   []byte
}

func newRankWriter(w io.Writer, rank, size int) *rankWriter {
	return &rankWriter{w: w, label: fmt.Sprintf("rank %d of %d: ", rank, size)}
}

func (r *rankWriter) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buf = append(r.buf, p...)
	for {
		i := bytes.IndexByte(r.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		if _, err := io.WriteString(r.w, r.line(string(r.buf[:i+1]))); err != nil {
			return len(p), err
		}
		r.buf = r.buf[i+1:]
	}
}

// line is one line with the prefix.
func (r *rankWriter) line(s string) string {
	if rest, ok := strings.CutPrefix(s, "forocl: "); ok {
		if strings.HasPrefix(rest, r.label) {
			return s
		}
		return "forocl: " + r.label + rest
	}
	return "forocl: " + r.label + s
}

// flush writes a last partial line.
func (r *rankWriter) flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.buf) > 0 {
		io.WriteString(r.w, r.line(string(r.buf))+"\n")
		r.buf = nil
	}
}

// wrap gives the error a command returns, which main prints as
// "forocl: MSG", the rank prefix, keeping its exit code.
func (r *rankWriter) wrap(err error) error {
	if err == nil {
		return nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg == "" || strings.HasPrefix(ee.msg, r.label) {
			return err
		}
		return &exitError{code: ee.code, msg: r.label + ee.msg}
	}
	return &exitError{code: 1, msg: r.label + err.Error()}
}
