package fsutil

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Note [streams]
//
// An output path that names one of this process's open file descriptors
// (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, or a symbolic link
// that leads to one) is a stream: what the shell opened there, a pipe, a
// terminal or a file given with ">" or ">>". Replacing "the file behind
// it" would rename a new file over that file (a log opened with ">>" lost
// its contents), so a stream is written, never replaced: to a duplicate of
// the descriptor, at its offset, after every regular file of the write has
// been committed. All or nothing holds for the files; a stream that fails
// (a reader that went away) is reported after them. A descriptor of
// another process (/proc/PID/fd/N) is refused, as are named pipes and
// devices given by name (see Note [output targets]).

// fdPath reports whether the path p, taken literally, names a file
// descriptor: fd and own true for one of this process's, own false for
// another process's (/proc/PID/fd/N).
func fdPath(p string) (fd int, own, ok bool) {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = filepath.Clean(p)
	}
	switch abs {
	case "/dev/stdin":
		return 0, true, true
	case "/dev/stdout":
		return 1, true, true
	case "/dev/stderr":
		return 2, true, true
	}
	num := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 0 && !strings.HasPrefix(s, "+")
	}
	if rest, found := strings.CutPrefix(abs, "/dev/fd/"); found {
		n, isNum := num(rest)
		return n, true, isNum
	}
	rest, found := strings.CutPrefix(abs, "/proc/")
	if !found {
		return 0, false, false
	}
	parts := strings.Split(rest, "/")
	// /proc/P/fd/N or /proc/P/task/T/fd/N
	if len(parts) == 5 && parts[1] == "task" {
		parts = []string{parts[0], parts[3], parts[4]}
	}
	if len(parts) != 3 || parts[1] != "fd" {
		return 0, false, false
	}
	n, isNum := num(parts[2])
	if !isNum {
		return 0, false, false
	}
	switch parts[0] {
	case "self", "thread-self", strconv.Itoa(os.Getpid()):
		return n, true, true
	}
	return n, false, true
}

// Stream reports whether a write to path is a write to one of this
// process's open file descriptors (see Note [streams]), following symbolic
// links as Target does; fd is that descriptor. err is set for a path that
// names another process's descriptor.
func Stream(path string) (fd int, ok bool, err error) {
	p := path
	for range maxLinks {
		if n, own, isFD := fdPath(p); isFD {
			if !own {
				return 0, false, fmt.Errorf("%s is a file descriptor of another process; give the file's own path", p)
			}
			return n, true, nil
		}
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return 0, false, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return 0, false, nil
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return 0, false, nil
}

// checkStream says why descriptor fd of path cannot be written, or nil.
func checkStream(path string, fd int) error {
	switch writableFD(fd) {
	case fdClosed:
		return fmt.Errorf("cannot write %s: file descriptor %d is not open", path, fd)
	case fdReadOnly:
		return fmt.Errorf("cannot write %s: file descriptor %d is open only for reading", path, fd)
	}
	return nil
}

// writeStream writes f to its descriptor fd through a duplicate, so that
// the descriptor itself stays open and is never closed by this process.
func writeStream(f File, fd int) error {
	out, err := dupFile(fd, f.Path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", f.Path, unwrapPath(err))
	}
	w := bufio.NewWriterSize(out, 64<<10)
	err = f.Write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", f.Path, unwrapPath(err))
	}
	return nil
}

// errNoStreams is dupFile's error where descriptors cannot be duplicated.
var errNoStreams = errors.New("writing to a file descriptor is not supported on this system")
