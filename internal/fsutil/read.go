package fsutil

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// NotRegularError is ReadRegular's refusal of a path that is not a regular
// file; Kind says what it is ("a named pipe", FileKind).
type NotRegularError struct{ Kind string }

func (e *NotRegularError) Error() string { return "is " + e.Kind + ", not a regular file" }

// TooLargeError is ReadRegular's refusal of a file of more than Limit
// bytes.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string { return fmt.Sprintf("is larger than %d bytes", e.Limit) }

// ReadRegular reads the regular file at path, at most limit bytes. It never
// blocks on a named pipe or reads a device: the path is checked before it
// is opened, opened without waiting (O_NONBLOCK, O_NOCTTY), and the open
// file is checked again, so a path swapped in between cannot slip through.
// It reads in whole chunks up to limit+1 bytes, whatever size the file
// claims: a /proc file says 0 and may refuse reads that are not a multiple
// of 8 bytes. The refusals are *NotRegularError and *TooLargeError.
func ReadRegular(path string, limit int64) ([]byte, error) {
	check := func(st fs.FileInfo) error {
		if m := st.Mode(); !m.IsRegular() {
			return &NotRegularError{FileKind(m)}
		}
		if st.Size() > limit {
			return &TooLargeError{limit}
		}
		return nil
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(st); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := check(st); err != nil {
		return nil, err
	}
	var data []byte
	chunk := make([]byte, 64<<10)
	for int64(len(data)) <= limit {
		n, err := f.Read(chunk)
		data = append(data, chunk[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{limit} // it grew while it was read, or its size lied
	}
	return data, nil
}

// FileKind says what a file of mode m that is not regular is, for
// messages: "a directory", "a named pipe", "a socket", "a character
// device", "a block device" or "a special file".
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "a special file"
}
