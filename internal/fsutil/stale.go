package fsutil

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Note [stale temporaries]
//
// WriteFiles stages each output in ".NAME.forocl-PID-RAND.tmp" beside it
// and holds an exclusive flock on that file until it is renamed or removed;
// a commit keeps the old contents in the same name plus ".old" until every
// rename is done. A process killed with SIGKILL leaves them behind (one
// was 160 MB). The next WriteFiles into that folder removes a ".tmp" only
// when all of these hold: its name has that form, the process PID is gone
// (kill(PID, 0) says no such process), no one holds its flock (the writer
// may run on another host of a network file system), and it is still the
// regular file that was locked. A ".old" is never removed, since it may be
// the only copy of an output's previous contents: it is reported. Files
// of other programs, and of older forocl versions (no PID in the name),
// are left alone.

// tmpPattern is the os.CreateTemp pattern of a staged file for target
// base: see Note [stale temporaries].
func tmpPattern(base string) string {
	return "." + base + ".forocl-" + strconv.Itoa(os.Getpid()) + "-*.tmp"
}

// parseTemp reads a staged file's name: the writer's pid and whether it
// is a ".old" backup; ok false for any other name.
func parseTemp(name string) (pid int, old bool, ok bool) {
	rest, old := strings.CutSuffix(name, ".tmp.old")
	if !old {
		var found bool
		if rest, found = strings.CutSuffix(name, ".tmp"); !found {
			return 0, false, false
		}
	}
	i := strings.LastIndex(rest, ".forocl-")
	if !strings.HasPrefix(rest, ".") || i < 2 {
		return 0, false, false
	}
	p, r, found := strings.Cut(rest[i+len(".forocl-"):], "-")
	if !found || !digits(p) || !digits(r) {
		return 0, false, false
	}
	pid, err := strconv.Atoi(p)
	if err != nil || pid <= 0 {
		return 0, false, false
	}
	return pid, old, true
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// CleanStale removes the temporary files that WriteFiles staged in dir
// and whose writer is provably gone (see Note [stale temporaries]), and
// returns one message for each file removed or, for a ".old" backup,
// left for the user.
func CleanStale(dir string) []string {
	if !canLock {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var msgs []string
	for _, e := range entries {
		pid, old, ok := parseTemp(e.Name())
		if !ok || !e.Type().IsRegular() || pid == os.Getpid() || alive(pid) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if old {
			msgs = append(msgs, fmt.Sprintf("%s holds the previous contents of an output, left by forocl process %d, which was killed while it replaced its outputs; move it back or delete it", p, pid))
			continue
		}
		if removeUnlocked(p) {
			msgs = append(msgs, fmt.Sprintf("removed %s, a temporary file left by forocl process %d, which is gone", p, pid))
		}
	}
	return msgs
}

// removeUnlocked removes the regular file p when no one holds its flock,
// and reports whether it did.
func removeUnlocked(p string) bool {
	f, err := os.OpenFile(p, os.O_RDONLY|oNoFollow|oNonBlock, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	if busy, err := lockFile(f); busy || err != nil {
		return false
	}
	now, err := os.Lstat(p)
	if err != nil || !os.SameFile(st, now) {
		return false
	}
	return os.Remove(p) == nil
}
