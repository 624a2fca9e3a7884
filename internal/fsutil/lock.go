package fsutil

import (
	"os"
	"sort"
	"time"
)

// Note [output set lock]
//
// Two runs that write the same outputs at once must not leave a mixed set
// (b.npy from one, c.npy from the other). WriteFiles therefore takes an
// exclusive flock on every folder it renames into before its first rename
// and holds them until the last: folders by their real path, each once,
// in sorted order so that two writers never wait for each other in a
// cycle. Staging is not serialised; only the commits are, so the set on
// disk is always the complete set of one writer (the last to commit). A
// folder whose file system has no locks is written without one.

// lockPoll is how often a writer waiting for a folder's lock looks again
// (and asks whether it was canceled).
const lockPoll = 5 * time.Millisecond

// lockDirs locks the given real folder paths (see Note [output set lock])
// and returns the function that unlocks them. It returns ErrCanceled when
// canceled says so while it waits.
func lockDirs(dirs []string, canceled func() bool) (unlock func(), err error) {
	dirs = append([]string(nil), dirs...)
	sort.Strings(dirs)
	var held []*os.File
	var seen []os.FileInfo
	unlock = func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i].Close() // closing releases the flock
		}
	}
outer:
	for _, d := range dirs {
		f, err := os.Open(d)
		if err != nil {
			continue // written without a lock
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			continue
		}
		for _, s := range seen {
			if os.SameFile(s, st) {
				f.Close()
				continue outer
			}
		}
		for {
			busy, err := lockFile(f)
			if err != nil {
				f.Close()
				continue outer
			}
			if !busy {
				break
			}
			if canceled != nil && canceled() {
				f.Close()
				unlock()
				return nil, ErrCanceled
			}
			time.Sleep(lockPoll)
		}
		held = append(held, f)
		seen = append(seen, st)
	}
	return unlock, nil
}
