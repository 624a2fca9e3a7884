package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/runner"
)

// checkOutputNames refuses inputs that build would write to the same
// output: one .cl (and _cl.go) per input, named after its base name, so
// a/k.f90 and b/k.f90 would overwrite each other. Names are compared
// without case, for case-insensitive file systems. A file given twice is
// refused too.
func checkOutputNames(paths []string) error {
	seen := map[string]string{}
	for _, p := range paths {
		stem := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		key := strings.ToLower(stem)
		prev, dup := seen[key]
		if !dup {
			seen[key] = p
			continue
		}
		if filepath.Clean(prev) == filepath.Clean(p) {
			return usageErr("%s is given twice", p)
		}
		return usageErr("%s and %s would both be built into %s.cl; build them into separate directories or rename one", prev, p, stem)
	}
	return nil
}

// Note [outputs that overwrite]
//
// forocl run replaces its output files; one that is also an input, or
// that another output or a --every snapshot writes too, would lose data
// (a --png over the input array, a snapshot y_3.npy over an input). All
// of them are known before the run, so checkOutputSet refuses them up
// front, comparing files as fsutil.Alias does (real path after links, or
// the same inode): every --out, --png and snapshot against every --in,
// the --png files against the --out files, and the snapshot names against
// both and against what already sits in their folder. A --png file must
// end in .png, so that a typo (--png oT=t2.npy) cannot overwrite an
// array; streams (Note [streams] in fsutil) have no name to check.

// checkOutputSet refuses, before anything runs, an output that would
// overwrite an input or another output (see Note [outputs that overwrite]).
// every and steps are --every and --steps; snapshots are written only when
// both are positive.
func checkOutputSet(ins, outs []runner.Arg, pngs []pictureFlag, every, steps int) error {
	type output struct{ flag, path string }
	var all []output
	for _, o := range outs {
		all = append(all, output{o.Flag, o.Value})
	}
	for _, p := range pngs {
		flag := "--png " + p.name + "=" + p.path
		if _, stream, _ := fsutil.Stream(p.path); !stream && !strings.EqualFold(filepath.Ext(p.path), ".png") {
			return usageErr("%s: %s does not end in .png; name the picture FILE.png (an array file given by mistake would be overwritten)", flag, p.path)
		}
		if err := fsutil.CheckTarget(p.path); err != nil {
			return runErrf("%s: %s", flag, targetReason(err))
		}
		all = append(all, output{flag, p.path})
	}
	same := func(a, b string) bool { _, _, ok := fsutil.Alias([]string{a, b}); return ok }
	for i, o := range all {
		for _, in := range ins {
			if same(o.path, in.Value) {
				return usageErr("%s: %s is also the input of %q (%s); writing the output would replace the input, so write it to another file", o.flag, o.path, in.Orig, in.Flag)
			}
		}
		for _, p := range all[:i] {
			if same(o.path, p.path) {
				return usageErr("%s: %s is also written by %s", o.flag, o.path, p.flag)
			}
		}
	}
	if every <= 0 || steps <= 0 {
		return nil
	}
	for _, o := range outs {
		if _, stream, _ := fsutil.Stream(o.Value); stream {
			return usageErr("--every %d writes snapshots beside the --out files, but %s is a stream; give --out a file", every, o.Flag)
		}
		snap := snapshotNames(o.Value, every, steps)
		first := runner.SnapshotPath(o.Value, every, steps)
		if err := fsutil.CheckTarget(first); err != nil {
			return runErrf("--every %d: snapshot %s of %s: %s", every, first, o.Flag, targetReason(err))
		}
		dir := fsutil.RealDir(o.Value)
		// Files named like a snapshot of o: they are overwritten.
		clash := func(path, what string) error {
			return usageErr("--every %d: %s writes the snapshot %s, which is %s; choose other file names or another --every", every, o.Flag, path, what)
		}
		for _, in := range ins {
			if r := fsutil.RealPath(in.Value); filepath.Dir(r) == dir && snap(filepath.Base(r)) {
				return clash(in.Value, fmt.Sprintf("the input of %q (%s)", in.Orig, in.Flag))
			}
		}
		for _, p := range all {
			if r := fsutil.RealPath(p.path); filepath.Dir(r) == dir && snap(filepath.Base(r)) {
				return clash(p.path, "also written by "+p.flag)
			}
		}
		// Existing files under snapshot names may be links or hard links
		// to an input or an output, or may not be writable.
		odir := filepath.Dir(o.Value)
		entries, _ := os.ReadDir(odir)
		for _, e := range entries {
			if !snap(e.Name()) {
				continue
			}
			p := filepath.Join(odir, e.Name())
			if err := fsutil.CheckTarget(p); err != nil {
				return runErrf("--every %d: snapshot %s of %s: %s", every, p, o.Flag, targetReason(err))
			}
			for _, in := range ins {
				if same(p, in.Value) {
					return clash(p, fmt.Sprintf("the input of %q (%s)", in.Orig, in.Flag))
				}
			}
			for _, q := range all {
				if same(p, q.path) {
					return clash(p, "also written by "+q.flag)
				}
			}
		}
	}
	return nil
}

// snapshotNames returns whether a file name (without folder) is one of the
// snapshots that --every writes for output path: runner.SnapshotPath's
// names for the steps every, 2*every, ... up to steps.
func snapshotNames(path string, every, steps int) func(name string) bool {
	base := filepath.Base(path)
	ext := filepath.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	width := len(strconv.Itoa(steps))
	return func(name string) bool {
		rest, ok := strings.CutPrefix(name, stem+"_")
		if !ok {
			return false
		}
		num, ok := strings.CutSuffix(rest, ext)
		if !ok || len(num) != width {
			return false
		}
		n, err := strconv.Atoi(num)
		return err == nil && num[0] != '+' && num[0] != '-' && n >= every && n <= steps && n%every == 0
	}
}

// targetReason is why fsutil.CheckTarget refused a path, without the path.
func targetReason(err error) string {
	var te *fsutil.TargetError
	if errors.As(err, &te) {
		return te.Reason
	}
	return err.Error()
}

// streamsToStdout reports whether an output is written to this process's
// standard output, so that the run's report goes to standard error.
func streamsToStdout(outs []runner.Arg, pngs []pictureFlag) bool {
	paths := make([]string, 0, len(outs)+len(pngs))
	for _, o := range outs {
		paths = append(paths, o.Value)
	}
	for _, p := range pngs {
		paths = append(paths, p.path)
	}
	for _, p := range paths {
		if fd, ok, _ := fsutil.Stream(p); ok && fd == 1 {
			return true
		}
	}
	return false
}
