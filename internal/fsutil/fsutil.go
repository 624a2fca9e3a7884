// Package fsutil writes files atomically: a temporary file in the target's
// directory, synced, then renamed over the target. A reader never sees a
// half-written file and a failed write leaves nothing behind; several files
// are written all or nothing (WriteFiles). forocl build and run write every
// output through it.
package fsutil

import (
	"io"
	"os"
)

// WriteFile writes data to path atomically: WriteFiles with one file. perm
// applies to a new file; a replaced one keeps its permission bits.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return WriteFiles([]File{{Path: path, Perm: perm, Write: func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}}}, Options{})
}

// unwrapPath drops the *PathError wrapper (which names the temporary file)
// so messages name only the user's path.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
