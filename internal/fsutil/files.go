package fsutil

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// File is one output of an all-or-nothing write.
type File struct {
	Path  string
	Perm  os.FileMode             // for a file that does not exist yet
	Write func(w io.Writer) error // writes the contents
}

// Options tune WriteFiles. The zero value is ready to use.
type Options struct {
	// Track, when set, is told of each temporary file WriteFiles creates
	// (on = true) and of its removal or rename (on = false), so that a
	// signal handler can remove leftovers on a hard exit.
	Track func(tmp string, on bool)
	// Canceled, when set, is asked after each file is staged; true
	// abandons the write with ErrCanceled and leaves every target as it was.
	Canceled func() bool
	// Commit, when set, is called once all files are staged, before the
	// first rename: ok false abandons the write with ErrCanceled; otherwise
	// release is called when the renames (and any rollback) are over. A
	// signal handler uses it to wait for a commit instead of cutting it.
	Commit func() (release func(), ok bool)
	// Report, when set, is told of stale temporary files removed or found
	// in the folders written (see Note [stale temporaries]).
	Report func(msg string)
}

// cleaned holds the real folders whose stale temporaries WriteFiles has
// looked for in this process.
var cleaned sync.Map

// ErrCanceled is returned by WriteFiles when Options.Canceled said so.
var ErrCanceled = errors.New("canceled")

// WriteFiles writes every file or none. First every target is checked
// (CheckTarget: symbolic links are followed, folders, special and
// read-only files are refused) and no two may be one file (Alias). Each is
// then written to a synced temporary file beside its target; only when all
// are complete are they renamed into place, and if one rename fails the
// targets already replaced get their old contents back (a target that did
// not exist is removed). After any failure every path holds what it held
// before. A replaced file keeps its permission bits; File.Perm applies to
// new files. The renames hold a lock on each folder, so concurrent writers
// leave the set of one of them (Note [output set lock]). A path that names
// one of this process's file descriptors is written as a stream after the
// files are in place (Note [streams]).
func WriteFiles(files []File, opts Options) error {
	for _, f := range files {
		if err := CheckTarget(f.Path); err != nil {
			return err
		}
	}
	var regular, streams []File
	var fds []int
	for _, f := range files {
		if fd, ok, _ := Stream(f.Path); ok {
			streams, fds = append(streams, f), append(fds, fd)
		} else {
			regular = append(regular, f)
		}
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	if i, j, ok := Alias(paths); ok {
		return fmt.Errorf("cannot write %s: it is the same file as %s", paths[j], paths[i])
	}
	if err := writeRegular(regular, opts); err != nil {
		return err
	}
	for i, f := range streams {
		if err := writeStream(f, fds[i]); err != nil {
			if len(regular) > 0 {
				return fmt.Errorf("%w (the other outputs were written)", err)
			}
			return err
		}
	}
	return nil
}

// writeRegular is WriteFiles for outputs that are not streams.
func writeRegular(files []File, opts Options) (err error) {
	track := opts.Track
	if track == nil {
		track = func(string, bool) {}
	}
	if len(files) == 0 {
		return nil
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
	}
	type staged struct {
		tmp, path string   // path is the target: symbolic links followed
		name      string   // the path as given, for messages
		backup    string   // hard link to the old target, "" when there was none
		lock      *os.File // the open temporary file, holding its flock
	}
	var all []*staged
	var done []*staged // renamed into place
	defer func() {
		if err != nil {
			for i := len(done) - 1; i >= 0; i-- {
				s := done[i]
				if s.backup != "" {
					os.Rename(s.backup, s.path)
				} else {
					os.Remove(s.path)
				}
			}
		}
		for _, s := range all {
			if s.lock != nil {
				s.lock.Close()
			}
			if s.tmp != "" {
				os.Remove(s.tmp)
				track(s.tmp, false)
			}
			if s.backup != "" && err == nil {
				os.Remove(s.backup)
			}
		}
	}()
	var dirs []string // real folders, for the stale files and the lock
	seenDir := map[string]bool{}
	for _, f := range files {
		target, err := Target(f.Path)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", f.Path, unwrapPath(err))
		}
		if d := filepath.Dir(realPath(target)); !seenDir[d] {
			seenDir[d] = true
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		if _, done := cleaned.LoadOrStore(d, true); done {
			continue // once per folder and process: snapshots come often
		}
		for _, m := range CleanStale(d) {
			if opts.Report != nil {
				opts.Report(m)
			}
		}
	}
	for _, f := range files {
		target, err := Target(f.Path)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", f.Path, unwrapPath(err))
		}
		if st, err := os.Stat(target); err == nil {
			f.Perm = st.Mode().Perm()
		}
		f.Path = target
		tmp, lock, err := stage(f, track)
		s := &staged{tmp: tmp, path: target, name: paths[len(all)], lock: lock}
		all = append(all, s)
		if err != nil {
			return fmt.Errorf("cannot write %s: %w", s.name, unwrapPath(err))
		}
		if opts.Canceled != nil && opts.Canceled() {
			return ErrCanceled
		}
	}
	unlock, err := lockDirs(dirs, opts.Canceled)
	if err != nil {
		return err
	}
	defer unlock()
	if opts.Commit != nil {
		release, ok := opts.Commit()
		if !ok {
			return ErrCanceled
		}
		defer release()
	}
	for _, s := range all {
		if _, err := os.Lstat(s.path); err == nil {
			b := s.tmp + ".old"
			if err := os.Link(s.path, b); err != nil {
				return fmt.Errorf("cannot write %s: %w", s.name, unwrapPath(err))
			}
			s.backup = b
		}
		if err := os.Rename(s.tmp, s.path); err != nil {
			if s.backup != "" {
				os.Remove(s.backup)
				s.backup = ""
			}
			return fmt.Errorf("cannot write %s: %w", s.name, unwrapPath(err))
		}
		track(s.tmp, false)
		s.tmp = ""
		done = append(done, s)
	}
	return nil
}

// stage writes f to a synced temporary file beside f.Path and returns its
// name ("" when none was created) and the open file, which holds an
// exclusive flock until the caller closes it (Note [stale temporaries]).
func stage(f File, track func(string, bool)) (string, *os.File, error) {
	dir, base := filepath.Split(f.Path)
	if dir == "" {
		dir = "."
	}
	out, err := os.CreateTemp(dir, tmpPattern(base))
	if err != nil {
		return "", nil, err
	}
	tmp := out.Name()
	track(tmp, true)
	if canLock {
		lockFile(out) // a fresh file: only a file system without locks refuses
	}
	keep := out
	if !canLock {
		keep = nil // closed below: no lock to hold
	}
	w := bufio.NewWriterSize(out, 64<<10)
	err = f.Write(w)
	if err == nil {
		err = w.Flush()
	}
	perm := f.Perm
	if perm == 0 {
		perm = 0o644
	}
	if err == nil {
		err = out.Chmod(perm)
	}
	if err == nil {
		err = out.Sync()
	}
	if keep == nil {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
	}
	return tmp, keep, err
}
