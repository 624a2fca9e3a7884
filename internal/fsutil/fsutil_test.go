package fsutil

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestWriteFileReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.cl")
	if err := WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil || string(data) != "new" {
		t.Fatalf("content %q, %v", data, err)
	}
	// A replaced file keeps its mode; perm is for new files.
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the old file's 0640", st.Mode().Perm())
	}
	q := filepath.Join(dir, "new.cl")
	if err := WriteFile(q, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(q); st.Mode().Perm() != 0o600 {
		t.Errorf("new file mode %v, want 0600", st.Mode().Perm())
	}
	os.Remove(q)
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestWriteFileMissingDirectory(t *testing.T) {
	p := filepath.Join(t.TempDir(), "no", "such", "dir", "x.cl")
	err := WriteFile(p, []byte("x"), 0o644)
	if err == nil || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("error %v should name %s and not the temporary file", err, p)
	}
}

func TestWriteFileOverDirectoryKeepsIt(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(target, []byte("x"), 0o644); err == nil {
		t.Fatal("writing over a directory succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || !entries[0].IsDir() {
		t.Errorf("directory changed or temporary left: %v", entries)
	}
}

func TestWriteFilesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "sub", "b")
	if err := os.WriteFile(a, []byte("old a"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	// b's folder does not exist: nothing may change.
	err := WriteFiles([]File{{Path: a, Write: data("new a")}, {Path: b, Write: data("new b")}}, Options{})
	if err == nil {
		t.Fatal("want an error for a missing folder")
	}
	if got, _ := os.ReadFile(a); string(got) != "old a" {
		t.Errorf("a = %q after a failed write, want the old contents", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("leftovers in %s: %v", dir, ents)
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	if err := WriteFiles([]File{{Path: a, Write: data("new a")}, {Path: b, Write: data("new b")}}, Options{}); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]string{a: "new a", b: "new b"} {
		if got, _ := os.ReadFile(p); string(got) != want {
			t.Errorf("%s = %q, want %q", p, got, want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("leftovers in %s: %v", dir, ents)
	}
}

// TestReadRegular: a regular file is read whole, a larger one and a FIFO
// are refused with their errors (the FIFO without blocking), and a /proc
// file whose size says 0 is read to its end or refused past the limit.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, make([]byte, 100), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadRegular(p, 100); err != nil || len(b) != 100 {
		t.Fatalf("ReadRegular(100 bytes, 100) = %d bytes, %v", len(b), err)
	}
	var tooLarge *TooLargeError
	if _, err := ReadRegular(p, 99); !errors.As(err, &tooLarge) || err.Error() != "is larger than 99 bytes" {
		t.Errorf("ReadRegular(100 bytes, 99): %v, want is larger than 99 bytes", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadRegular(fifo, 100); done <- err }()
	select {
	case err := <-done:
		var notRegular *NotRegularError
		if !errors.As(err, &notRegular) || notRegular.Kind != "a named pipe" {
			t.Errorf("ReadRegular(FIFO) = %v, want a named pipe", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadRegular blocked on a FIFO")
	}
	if _, err := ReadRegular("/proc/self/pagemap", 1<<20); !errors.As(err, &tooLarge) {
		t.Errorf("ReadRegular(/proc/self/pagemap, 1 MiB) = %v, want too large", err)
	}
	if b, err := ReadRegular("/proc/self/status", 1<<20); err != nil || len(b) == 0 {
		t.Errorf("ReadRegular(/proc/self/status) = %d bytes, %v", len(b), err)
	}
}
