package fsutil

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLinks bounds the symlinks Target follows, as the kernel's ELOOP does.
const maxLinks = 40

// Target returns the file a write to path replaces: path itself, or, when
// path is a symbolic link (possibly to a link, possibly dangling), the file
// it finally points to. Writing through a link keeps the link. See Note
// [output targets].
func Target(path string) (string, error) {
	p := path
	for range maxLinks {
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil
		}
		if err != nil {
			return "", err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", fmt.Errorf("too many levels of symbolic links")
}

// Note [output targets]
//
// An output path may name a regular file (replaced by a new file with the
// old one's permission bits), nothing yet (created), or a symbolic link
// (the file it points to is replaced and the link stays). Anything else is
// refused before any work is done: a folder, a device such as /dev/null, a
// named pipe or a socket (replacing them would break the system or a
// reader), a file without write permission, and a folder where a new file
// cannot be created. Two outputs that end in one file, by the same real
// path or the same inode, would overwrite each other; Alias finds them.
// A path that names an open file descriptor of this process is a stream,
// written and never replaced (Note [streams]); the file that is this
// process's standard input, output or error is refused by its own name
// too, since replacing it would leave the descriptor on a deleted file.

// TargetError says why an output path cannot be written.
type TargetError struct {
	Path   string // the path as given
	Reason string // e.g. "folder out does not exist"
}

func (e *TargetError) Error() string { return "cannot write " + e.Path + ": " + e.Reason }

// CheckTarget reports why WriteFiles cannot replace path (a *TargetError),
// or nil. It follows symbolic links (see Target) and names the user's path.
func CheckTarget(path string) error {
	if err := checkTarget(path); err != nil {
		return &TargetError{Path: path, Reason: strings.TrimPrefix(err.Error(), "cannot write "+path+": ")}
	}
	return nil
}

func checkTarget(path string) error {
	if fd, ok, err := Stream(path); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, err)
	} else if ok {
		return checkStream(path, fd)
	}
	t, err := Target(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	}
	via := ""
	if t != path {
		via = " (the target of a symbolic link)"
	}
	dir := filepath.Dir(t)
	dst, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot write %s: folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	case !dst.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a folder", path, dir)
	}
	st, err := os.Stat(t)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	}
	if err == nil {
		switch m := st.Mode(); {
		case m.IsDir():
			return fmt.Errorf("cannot write %s: %s%s is a folder", path, t, via)
		case !m.IsRegular():
			return fmt.Errorf("cannot write %s: %s%s is %s, not a regular file; refusing to replace it", path, t, via, FileKind(m))
		case m.Perm()&0o222 == 0 || !writable(t, false):
			return fmt.Errorf("cannot write %s: %s%s is read-only; make it writable or choose another file", path, t, via)
		}
		for fd, f := range []*os.File{os.Stdin, os.Stdout, os.Stderr} {
			if fst, err := f.Stat(); err == nil && fst.Mode().IsRegular() && os.SameFile(st, fst) {
				return fmt.Errorf("cannot write %s: %s%s is this process's %s (file descriptor %d), which replacing it would cut off; give /dev/fd/%d to write into it, or choose another file", path, t, via, []string{"standard input", "standard output", "standard error"}[fd], fd, fd)
			}
		}
	}
	if !writable(dir, true) {
		return fmt.Errorf("cannot write %s: folder %s is not writable", path, dir)
	}
	return nil
}

// realPath is the absolute path of target with every symbolic link in its
// folder resolved (the file itself may not exist yet).
func realPath(target string) string {
	abs, err := filepath.Abs(target)
	if err != nil {
		abs = filepath.Clean(target)
	}
	dir, base := filepath.Split(abs)
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		return filepath.Join(d, base)
	}
	return abs
}

// Alias returns the indices i < j of the first two paths that end in the
// same file (after following links: same real path, or the same inode for
// files that exist), and ok false when all are distinct.
func Alias(paths []string) (i, j int, ok bool) {
	type seen struct {
		real string
		st   fs.FileInfo
	}
	var all []seen
	for k, p := range paths {
		t, err := Target(p)
		if err != nil {
			t = p
		}
		s := seen{real: realPath(t)}
		s.st, _ = os.Stat(t)
		for prev, o := range all {
			if o.real == s.real || (o.st != nil && s.st != nil && os.SameFile(o.st, s.st)) {
				return prev, k, true
			}
		}
		all = append(all, s)
	}
	return 0, 0, false
}

// RealPath is the absolute path of the file a write to path replaces:
// symbolic links at path and in its folders followed, as Alias compares
// them.
func RealPath(path string) string {
	t, err := Target(path)
	if err != nil {
		t = path
	}
	return realPath(t)
}

// RealDir is the absolute path of path's folder with every symbolic link
// in it resolved; path itself is not followed.
func RealDir(path string) string { return filepath.Dir(realPath(path)) }
