//go:build unix

package fsutil

import "syscall"

// writable reports whether this process may write the file path, or, for
// a folder, create files in it.
func writable(path string, dir bool) bool {
	mode := uint32(2) // W_OK
	if dir {
		mode |= 1 // X_OK
	}
	return syscall.Access(path, mode) == nil
}
