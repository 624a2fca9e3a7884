//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package fsutil

import (
	"errors"
	"os"
	"syscall"
)

type fdState int

const (
	fdWritable fdState = iota
	fdClosed
	fdReadOnly
)

// writableFD says whether descriptor fd is open for writing.
func writableFD(fd int) fdState {
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	if errno != 0 {
		return fdClosed
	}
	if int(flags)&syscall.O_ACCMODE == syscall.O_RDONLY {
		return fdReadOnly
	}
	return fdWritable
}

// dupFile returns a new *os.File on a duplicate of fd, sharing its offset
// and flags; closing it leaves fd open.
func dupFile(fd int, name string) (*os.File, error) {
	syscall.ForkLock.RLock()
	d, err := syscall.Dup(fd)
	if err == nil {
		syscall.CloseOnExec(d)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(d), name), nil
}

// alive reports whether process pid may still run: false only when the
// system says there is no such process.
func alive(pid int) bool {
	if pid <= 0 {
		return true
	}
	err := syscall.Kill(pid, 0)
	return !errors.Is(err, syscall.ESRCH)
}

// lockFile takes an exclusive flock on f without waiting; busy is true
// when another open file holds it. Other errors (a file system without
// locks) are returned.
func lockFile(f *os.File) (busy bool, err error) {
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EAGAIN) {
		return true, nil
	}
	return false, err
}

const canLock = true

const (
	oNoFollow = syscall.O_NOFOLLOW
	oNonBlock = syscall.O_NONBLOCK
)
