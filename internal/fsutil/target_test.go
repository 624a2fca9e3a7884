package fsutil

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWriteThroughSymlink: a link at an output path stays a link and its
// target gets the new contents, also for a dangling link and a chain.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.npy")
	os.WriteFile(real, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.npy")
	os.Symlink("real.npy", link)
	chain := filepath.Join(dir, "chain.npy")
	os.Symlink(link, chain)
	dangling := filepath.Join(dir, "dangling.npy")
	os.Symlink("later.npy", dangling)
	if err := WriteFiles([]File{{Path: chain, Write: text("new")}, {Path: dangling, Write: text("d")}}, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link, chain, dangling} {
		if st, err := os.Lstat(l); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link", l)
		}
	}
	if got := read(t, real); got != "new" {
		t.Errorf("link target holds %q, want new", got)
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v, want 0600 kept", st.Mode().Perm())
	}
	if got := read(t, filepath.Join(dir, "later.npy")); got != "d" {
		t.Errorf("dangling link's target holds %q", got)
	}
}

// TestRefuseSpecialAndReadOnly: devices, pipes, folders and read-only
// files are refused before anything is written, and stay as they were.
func TestRefuseSpecialAndReadOnly(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	ro := filepath.Join(dir, "ro.npy")
	os.WriteFile(ro, []byte("keep"), 0o444)
	toNull := filepath.Join(dir, "null.npy")
	os.Symlink("/dev/null", toNull)
	good := filepath.Join(dir, "good.npy")
	os.WriteFile(good, []byte("old"), 0o644)
	for _, tc := range []struct{ path, want string }{
		{"/dev/null", "/dev/null is a character device, not a regular file; refusing to replace it"},
		{toNull, "/dev/null (the target of a symbolic link) is a character device"},
		{fifo, "is a named pipe, not a regular file"},
		{ro, "is read-only; make it writable or choose another file"},
		{dir, "is a folder"},
		{filepath.Join(dir, "no", "x.npy"), "folder " + filepath.Join(dir, "no") + " does not exist"},
	} {
		err := WriteFiles([]File{{Path: good, Write: text("new")}, {Path: tc.path, Write: text("x")}}, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "cannot write "+tc.path+": ") {
			t.Errorf("%s: error %v, want %q", tc.path, err, tc.want)
		}
	}
	if st, err := os.Stat("/dev/null"); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v", err)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the named pipe was replaced")
	}
	if read(t, ro) != "keep" || read(t, good) != "old" {
		t.Error("a refused write changed a file")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 4 {
		t.Errorf("leftovers: %v", ents)
	}
}

// TestAliasedOutputs: two paths that reach one file through a symlinked
// folder, a hard link or "./" are refused; distinct ones are not.
func TestAliasedOutputs(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "d"), 0o755)
	os.Symlink("d", filepath.Join(dir, "viasym"))
	os.WriteFile(filepath.Join(dir, "h1"), []byte("h"), 0o644)
	os.Link(filepath.Join(dir, "h1"), filepath.Join(dir, "h2"))
	for _, pair := range [][2]string{
		{filepath.Join(dir, "d", "o.npy"), filepath.Join(dir, "viasym", "o.npy")},
		{filepath.Join(dir, "h1"), filepath.Join(dir, "h2")},
		{filepath.Join(dir, "d", "o.npy"), filepath.Join(dir, "d", ".", "o.npy")},
	} {
		i, j, ok := Alias([]string{filepath.Join(dir, "other"), pair[0], pair[1]})
		if !ok || i != 1 || j != 2 {
			t.Errorf("Alias(%v) = %d, %d, %v; want 1, 2, true", pair, i, j, ok)
		}
		err := WriteFiles([]File{{Path: pair[0], Write: text("a")}, {Path: pair[1], Write: text("b")}}, Options{})
		if err == nil || !strings.Contains(err.Error(), "is the same file as") {
			t.Errorf("WriteFiles(%v): %v", pair, err)
		}
	}
	if _, _, ok := Alias([]string{filepath.Join(dir, "d", "a"), filepath.Join(dir, "d", "b")}); ok {
		t.Error("distinct files reported as aliases")
	}
	if _, err := os.Stat(filepath.Join(dir, "d", "o.npy")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a refused aliased write created a file")
	}
}

// TestRollbackRestoresOldContents: when the second rename fails, the first
// output, already replaced, gets its old contents back (the issue: it was
// deleted).
func TestRollbackRestoresOldContents(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")
	os.WriteFile(a, []byte("old a"), 0o600)
	commit := func() (func(), bool) {
		// Sabotage b after the checks: a non-empty folder cannot be renamed over.
		os.MkdirAll(filepath.Join(b, "x"), 0o755)
		return func() {}, true
	}
	err := WriteFiles([]File{{Path: a, Write: text("new a")}, {Path: b, Write: text("new b")}}, Options{Commit: commit})
	if err == nil || !strings.HasPrefix(err.Error(), "cannot write "+b) {
		t.Fatalf("error %v", err)
	}
	if got := read(t, a); got != "old a" {
		t.Errorf("a holds %q after the failed write, want its old contents", got)
	}
	if st, _ := os.Stat(a); st.Mode().Perm() != 0o600 {
		t.Errorf("a's mode %v", st.Mode().Perm())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("leftovers: %v", ents)
	}
	// A commit that says no leaves everything as it was.
	err = WriteFiles([]File{{Path: a, Write: text("new a")}}, Options{Commit: func() (func(), bool) { return nil, false }})
	if err != ErrCanceled || read(t, a) != "old a" {
		t.Errorf("refused commit: %v, a = %q", err, read(t, a))
	}
}
