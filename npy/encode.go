package npy

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
)

const headerAlign = 64 // NumPy aligns the data start to 64 bytes

// check validates an Array for encoding.
func (a *Array) check() error {
	if a == nil {
		return errors.New("nil *Array")
	}
	if a.DType.size() == 0 {
		return fmt.Errorf("invalid DType %v", a.DType)
	}
	count := 1
	for _, n := range a.Shape {
		if n < 0 {
			return fmt.Errorf("negative dimension in shape %v", a.Shape)
		}
		if n != 0 && count > math.MaxInt/n {
			return fmt.Errorf("shape %v is too large", a.Shape)
		}
		count *= n
	}
	lens := map[DType]int{Float32: len(a.F32), Float64: len(a.F64), Int32: len(a.I32), Int64: len(a.I64)}
	for t, n := range lens {
		if t != a.DType && n != 0 {
			return fmt.Errorf("DType is %v but the %v slice holds %d elements", a.DType, t, n)
		}
	}
	if lens[a.DType] != count {
		return fmt.Errorf("shape %v has %d elements but the %v slice holds %d", a.Shape, count, a.DType, lens[a.DType])
	}
	return nil
}

// Encode writes a as a little-endian .npy stream with fortran_order True
// (format version 1.0, or 2.0 if the header needs it).
func Encode(w io.Writer, a *Array) error {
	if err := a.check(); err != nil {
		return fmt.Errorf("npy: encode: %w", err)
	}
	h := formatHeader(a.DType.descr(), true, a.Shape)
	ver, lenSize := byte(1), 2
	total := len(magic) + 2 + lenSize + len(h) + 1
	if pad := (headerAlign - total%headerAlign) % headerAlign; len(h)+pad+1 > math.MaxUint16 {
		ver, lenSize = 2, 4
		total = len(magic) + 2 + lenSize + len(h) + 1
	}
	pad := (headerAlign - total%headerAlign) % headerAlign
	hlen := len(h) + pad + 1

	buf := make([]byte, 0, 64<<10)
	buf = append(buf, magic...)
	buf = append(buf, ver, 0)
	if lenSize == 2 {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(hlen))
	} else {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(hlen))
	}
	buf = append(buf, h...)
	for range pad {
		buf = append(buf, ' ')
	}
	buf = append(buf, '\n')

	flush := func() error {
		_, err := w.Write(buf)
		buf = buf[:0]
		return err
	}
	const chunk = 64<<10 - 8
	n := a.Len()
	for i := 0; i < n; i++ {
		switch a.DType {
		case Float32:
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(a.F32[i]))
		case Float64:
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(a.F64[i]))
		case Int32:
			buf = binary.LittleEndian.AppendUint32(buf, uint32(a.I32[i]))
		case Int64:
			buf = binary.LittleEndian.AppendUint64(buf, uint64(a.I64[i]))
		}
		if len(buf) >= chunk {
			if err := flush(); err != nil {
				return fmt.Errorf("npy: encode: %w", err)
			}
		}
	}
	if err := flush(); err != nil {
		return fmt.Errorf("npy: encode: %w", err)
	}
	return nil
}

// Write writes a to path as an .npy file (fortran_order True). It writes a
// temporary file in the same directory, syncs it and renames it over path,
// so readers never see a partial file; on any error nothing is left behind.
func Write(path string, a *Array) (err error) {
	if err := a.check(); err != nil {
		return fmt.Errorf("npy: %s: %w", path, err)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return fmt.Errorf("npy: %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err = Encode(bw, a); err != nil {
		return fmt.Errorf("npy: %s: %w", path, err)
	}
	if err = bw.Flush(); err != nil {
		return fmt.Errorf("npy: %s: %w", path, err)
	}
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("npy: %s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("npy: %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("npy: %s: %w", path, err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("npy: %s: %w", path, err)
	}
	return nil
}
