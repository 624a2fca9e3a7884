package oracle

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/forocl/forocl/abi"
)

// Note [characters in the driver]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// A character parameter (Note [host characters] in ir/chars.go) reaches
// the driver as a file of its bytes, chin_<i>.txt, which it reads with
// stream access into a deferred-length variable of the file's length
// (none: an intent(out) parameter not given). A component is assigned
// from it, as any component (Note [structures in the driver]); a len=N
// dummy gets a character(len=N) copy, a len=* or deferred dummy the
// variable itself, at the dummy's place in the call. After the call
// the driver writes every intent(out) and intent(inout) one that has a
// value into chout_<i>.txt.

// charVar is the driver's variable of character parameter i.
func charVar(i int) string { return fmt.Sprintf("c_chr%d", i) }

// fixedCopy reports whether the driver passes character parameter c
// through a character(len=N) copy: a len=N dummy of the kernel, or of
// the Fortran host (dev), where components are dummies too.
func fixedCopy(c abi.CharParam, dev *Device) bool {
	return (c.Struct == nil || dev != nil) && c.Len > 0 && !c.Deferred
}

// charDecls declares the character variables.
func charDecls(p func(string, ...any), k *abi.Kernel, dev *Device) {
	for i, c := range k.Chars {
		if fixedCopy(c, dev) {
			p("  character(len=%d) :: %s_n", c.Len, charVar(i))
		}
		p("  character(:), allocatable :: %s", charVar(i))
	}
	if len(k.Chars) > 0 {
		p("  integer :: c_len")
		p("  logical :: c_there")
	}
}

// charReads reads the values given and assigns the components.
func charReads(p func(string, ...any), k *abi.Kernel, dev *Device) {
	for i, c := range k.Chars {
		v := charVar(i)
		p("  inquire(file='chin_%d.txt', exist=c_there, size=c_len)", i)
		p("  if (c_there) then")
		p("    allocate(character(len=c_len) :: %s)", v)
		p("    open(newunit=u, file='chin_%d.txt', access='stream', form='unformatted', status='old', action='read')", i)
		p("    if (c_len > 0) read(u) %s", v)
		p("    close(u)")
		switch {
		case fixedCopy(c, dev):
			p("    %s_n = %s", v, v)
		case c.Struct != nil && dev == nil:
			p("    %s = %s", charComponent(k, c), v)
		}
		p("  end if")
	}
}

// charComponent spells component c in the driver.
func charComponent(k *abi.Kernel, c abi.CharParam) string {
	for _, v := range structs(k) {
		if strings.EqualFold(v.Struct.Var, c.Struct.Var) {
			return structVar(k, v) + "%" + strings.ToLower(c.Name[strings.IndexByte(c.Name, '%')+1:])
		}
	}
	return "" // a structure with no numeric component the kernel takes: sema refuses its type
}

// charArgs puts the character dummies into the call's actual arguments:
// at their places in the kernel's, after the others in the Fortran
// host's (dev), which takes components too.
func charArgs(k *abi.Kernel, call []string, dev *Device) []string {
	for i, c := range k.Chars {
		a := charVar(i)
		if fixedCopy(c, dev) {
			a += "_n"
		}
		switch {
		case dev != nil:
			call = append(call, a)
		case c.Struct == nil:
			call = slices.Insert(call, min(c.Arg, len(call)), a)
		}
	}
	return call
}

// charWrites writes the character outputs that have a value.
func charWrites(p func(string, ...any), k *abi.Kernel, dev *Device) {
	for i, c := range k.Chars {
		if c.Intent == abi.In {
			continue
		}
		v := charVar(i)
		switch {
		case fixedCopy(c, dev):
			v += "_n"
		case c.Struct != nil && dev == nil:
			v = charComponent(k, c)
		}
		switch {
		case c.Deferred || c.Len == 0:
			p("  if (allocated(%s)) then", v)
		default:
			p("  if (.true.) then")
		}
		p("    open(newunit=u, file='chout_%d.txt', access='stream', form='unformatted', status='replace', action='write')", i)
		p("    write(u) %s", v)
		p("    close(u)")
		p("  end if")
	}
}

// writeChars writes the values given for the run.
func writeChars(dir string, k *abi.Kernel, in map[string]string) error {
	for i, c := range k.Chars {
		path := filepath.Join(dir, fmt.Sprintf("chin_%d.txt", i))
		os.Remove(path)
		if v, ok := in[c.Name]; ok {
			if err := os.WriteFile(path, []byte(v), 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// readChars reads the character outputs of a run.
func readChars(dir string, k *abi.Kernel) (map[string]string, error) {
	out := map[string]string{}
	for i, c := range k.Chars {
		if c.Intent == abi.In {
			continue
		}
		path := filepath.Join(dir, fmt.Sprintf("chout_%d.txt", i))
		b, err := os.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return nil, err
		}
		out[c.Name] = string(b)
		os.Remove(path)
	}
	return out, nil
}

// charResult copies, in oracle_result, the character components of the
// structure result res of a function kernel from its value val: the
// ones it has (a deferred-length one may be unallocated).
func charResult(p func(string, ...any), k *abi.Kernel, res abi.Param, val string) {
	for _, c := range k.Chars {
		if c.Struct == nil || !strings.EqualFold(c.Struct.Var, res.Struct.Var) {
			continue
		}
		_, comp, _ := strings.Cut(strings.ToLower(c.Name), "%")
		if c.Deferred {
			p("    if (allocated(%s%%%s)) %s = %s%%%s", val, comp, charComponent(k, c), val, comp)
		} else {
			p("    %s = %s%%%s", charComponent(k, c), val, comp)
		}
	}
}
