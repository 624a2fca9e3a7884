//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package fsutil

import "os"

type fdState int

const (
	fdWritable fdState = iota
	fdClosed
	fdReadOnly
)

func writableFD(fd int) fdState { return fdWritable }

func dupFile(fd int, name string) (*os.File, error) { return nil, errNoStreams }

// alive cannot ask the system here: every process may still run, so no
// temporary file is ever taken for stale.
func alive(pid int) bool { return true }

func lockFile(f *os.File) (busy bool, err error) { return false, errNoStreams }

const canLock = false

const (
	oNoFollow = 0
	oNonBlock = 0
)
