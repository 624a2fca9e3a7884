package fsutil

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestStreamAppendsToRedirectedFile: "--out b=/dev/stdout >> log.txt" lost
// the log, because a new file was renamed over log.txt through
// /proc/self/fd/1. A descriptor is written as a stream, at its offset,
// and the file behind it keeps its inode and earlier contents.
func TestStreamAppendsToRedirectedFile(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.txt")
	os.WriteFile(log, []byte("earlier lines\n"), 0o644)
	before, _ := os.Stat(log)
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	other := filepath.Join(dir, "c.npy")
	for _, p := range []string{fmt.Sprintf("/dev/fd/%d", f.Fd()), fmt.Sprintf("/proc/self/fd/%d", f.Fd())} {
		if _, err := os.Lstat(p); err != nil {
			t.Skipf("%s: %v", p, err)
		}
		if err := WriteFiles([]File{{Path: p, Write: text("data\n")}, {Path: other, Write: text("c")}}, Options{}); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
	}
	if got := read(t, log); got != "earlier lines\ndata\ndata\n" {
		t.Errorf("log.txt holds %q, want the earlier lines and two appended writes", got)
	}
	if now, _ := os.Stat(log); !os.SameFile(before, now) {
		t.Error("log.txt was replaced by another file")
	}
	if got := read(t, other); got != "c" {
		t.Errorf("c.npy = %q", got)
	}
	// The descriptor is still open and usable.
	if _, err := f.WriteString("after\n"); err != nil {
		t.Errorf("descriptor closed: %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("leftovers: %v", ents)
	}
}

// TestStreamToPipe: a pipe gets the data; a descriptor that is closed,
// read-only, or another process's is refused before anything is written.
func TestStreamToPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := make(chan string, 1)
	go func() { b, _ := io.ReadAll(r); got <- string(b) }()
	if err := WriteFiles([]File{{Path: fmt.Sprintf("/dev/fd/%d", w.Fd()), Write: text("through the pipe")}}, Options{}); err != nil {
		t.Fatal(err)
	}
	w.Close()
	select {
	case s := <-got:
		if s != "through the pipe" {
			t.Errorf("pipe got %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("pipe reader hung")
	}

	dir := t.TempDir()
	ro, _ := os.Open(dir)
	defer ro.Close()
	keep := filepath.Join(dir, "keep.npy")
	os.WriteFile(keep, []byte("keep"), 0o644)
	for _, c := range []struct{ path, want string }{
		{"/dev/fd/987", "file descriptor 987 is not open"},
		{fmt.Sprintf("/proc/self/fd/%d", ro.Fd()), fmt.Sprintf("file descriptor %d is open only for reading", ro.Fd())},
		{"/proc/1/fd/1", "/proc/1/fd/1 is a file descriptor of another process; give the file's own path"},
	} {
		if os.Getpid() == 1 && strings.HasPrefix(c.path, "/proc/1/") {
			continue
		}
		err := WriteFiles([]File{{Path: keep, Write: text("new")}, {Path: c.path, Write: text("x")}}, Options{})
		if err == nil || err.Error() != "cannot write "+c.path+": "+c.want {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
	if read(t, keep) != "keep" {
		t.Error("a refused write changed keep.npy")
	}
}

// deadPID returns the pid of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	return cmd.Process.Pid
}

// TestCleanStaleTemporaries: a staged file of a killed run is removed by
// the next write into its folder; one whose writer lives or holds its
// lock, a backup (".old"), and names forocl did not make are kept.
func TestCleanStaleTemporaries(t *testing.T) {
	if !canLock {
		t.Skip("no locks here")
	}
	dir := t.TempDir()
	dead := deadPID(t)
	mk := func(name string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("x"), 0o644)
		return p
	}
	stale := mk(fmt.Sprintf(".b.npy.forocl-%d-123.tmp", dead))
	living := mk(fmt.Sprintf(".b.npy.forocl-%d-124.tmp", os.Getppid()))
	locked := mk(fmt.Sprintf(".c.npy.forocl-%d-125.tmp", dead))
	backup := mk(fmt.Sprintf(".b.npy.forocl-%d-126.tmp.old", dead))
	foreign := []string{mk(".b.npy.127.tmp"), mk("b.npy.forocl-1-2.tmp"), mk(fmt.Sprintf(".b.npy.forocl-%d-x.tmp", dead))}
	lf, _ := os.Open(locked)
	defer lf.Close()
	if busy, err := lockFile(lf); busy || err != nil {
		t.Fatalf("lock: %v %v", busy, err)
	}
	var msgs []string
	err := WriteFiles([]File{{Path: filepath.Join(dir, "b.npy"), Write: text("b")}}, Options{Report: func(m string) { msgs = append(msgs, m) }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(stale); !os.IsNotExist(err) {
		t.Errorf("stale temporary not removed: %v", err)
	}
	for _, p := range append([]string{living, locked, backup}, foreign...) {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(p), err)
		}
	}
	want := []string{
		fmt.Sprintf("removed %s, a temporary file left by forocl process %d, which is gone", stale, dead),
		fmt.Sprintf("%s holds the previous contents of an output, left by forocl process %d, which was killed while it replaced its outputs; move it back or delete it", backup, dead),
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("reports:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
}

// TestStagedFileIsLocked: while WriteFiles stages, its temporary file
// carries this process's pid and a lock, so another run never takes it
// for stale.
func TestStagedFileIsLocked(t *testing.T) {
	if !canLock {
		t.Skip("no locks here")
	}
	dir := t.TempDir()
	err := WriteFiles([]File{{Path: filepath.Join(dir, "a.npy"), Write: func(w io.Writer) error {
		ents, _ := os.ReadDir(dir)
		if len(ents) != 1 {
			return fmt.Errorf("entries %v", ents)
		}
		pid, old, ok := parseTemp(ents[0].Name())
		if !ok || old || pid != os.Getpid() {
			return fmt.Errorf("temporary %s: pid %d %v %v", ents[0].Name(), pid, old, ok)
		}
		f, _ := os.Open(filepath.Join(dir, ents[0].Name()))
		defer f.Close()
		if busy, err := lockFile(f); !busy || err != nil {
			return fmt.Errorf("staged file not locked (%v)", err)
		}
		_, err := io.WriteString(w, "a")
		return err
	}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentCommitsLeaveOneSet: a second writer that commits while the
// first is between its renames waits for it, so b and c come from one
// run (issue 20: 1 of 15 trials left b from one run and c from the other).
func TestConcurrentCommitsLeaveOneSet(t *testing.T) {
	dir := t.TempDir()
	b, c := filepath.Join(dir, "b.npy"), filepath.Join(dir, "c.npy")
	set := func(s string) []File { return []File{{Path: b, Write: text(s)}, {Path: c, Write: text(s)}} }
	between := make(chan struct{})
	var once sync.Once
	done := make(chan error, 1)
	go func() {
		done <- WriteFiles(set("first"), Options{Track: func(tmp string, on bool) {
			if !on {
				once.Do(func() { close(between); time.Sleep(300 * time.Millisecond) })
			}
		}})
	}()
	select {
	case <-between:
	case <-time.After(10 * time.Second):
		t.Fatal("first writer never renamed")
	}
	second := make(chan error, 1)
	go func() { second <- WriteFiles(set("second"), Options{}) }()
	for _, ch := range []chan error{done, second} {
		select {
		case err := <-ch:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a writer hung")
		}
	}
	if gb, gc := read(t, b), read(t, c); gb != gc {
		t.Errorf("mixed set: b.npy = %q, c.npy = %q", gb, gc)
	}
}

// TestLockWaitCanBeCanceled: a writer waiting for another's commit stops
// with ErrCanceled when asked, and changes nothing.
func TestLockWaitCanBeCanceled(t *testing.T) {
	if !canLock {
		t.Skip("no locks here")
	}
	dir := t.TempDir()
	d, _ := os.Open(dir)
	defer d.Close()
	if err := syscall.Flock(int(d.Fd()), syscall.LOCK_EX); err != nil {
		t.Skip(err)
	}
	start := time.Now()
	err := WriteFiles([]File{{Path: filepath.Join(dir, "a.npy"), Write: text("a")}}, Options{Canceled: func() bool { return time.Since(start) > 50*time.Millisecond }})
	if err != ErrCanceled {
		t.Fatalf("err %v, want ErrCanceled", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("leftovers: %v", ents)
	}
}
