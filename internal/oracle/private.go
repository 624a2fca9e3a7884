package oracle

import (
	"os"
	"path/filepath"
	"regexp"
)

// Note [private kernels]
//
// The serial driver reaches a module procedure with USE, which a private
// one (a module whose default is private, with only a generic interface
// public, as modern-fortran/tsunami's mean_1d behind mean) refuses:
// "Symbol 'mean_1d' ... not found in module". The oracle then compiles a
// copy of the module's file with "public :: mean_1d" added just before
// the module's CONTAINS, in its scratch folder, and uses that copy; the
// procedure itself is unchanged. Only when the first build fails so: a
// second access statement for a name already public is an error.

// publicSources returns sources with the file that defines module mod
// replaced by a copy in dir that makes procedure name public, or false
// when no file holds that module and its CONTAINS.
func publicSources(sources []string, mod, name, dir string) ([]string, bool) {
	if mod == "" {
		return nil, false
	}
	head := regexp.MustCompile(`(?im)^[ \t]*module[ \t]+` + regexp.QuoteMeta(mod) + `[ \t]*(!.*)?$`)
	for i, f := range sources {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		at := head.FindIndex(src)
		if at == nil {
			continue
		}
		c := moduleContains(src[at[1]:])
		if c < 0 {
			return nil, false
		}
		cut := at[1] + c + 1 // the start of the CONTAINS line
		out := append(append(append([]byte(nil), src[:cut]...), "public :: "+name+"\n"...), src[cut:]...)
		copyPath := filepath.Join(dir, "public_"+filepath.Base(f))
		if os.WriteFile(copyPath, out, 0o644) != nil {
			return nil, false
		}
		res := append([]string(nil), sources...)
		res[i] = copyPath
		return res, true
	}
	return nil, false
}

// containsAfterNewline matches a CONTAINS statement, from the newline before it.
var containsAfterNewline = regexp.MustCompile(`(?im)\n[ \t]*contains[ \t]*(!.*)?$`)

// typeStart and typeEnd match the first and last lines of a derived-type
// definition (type :: t, type, extends(a) :: t, type t; end type).
var (
	typeStart = regexp.MustCompile(`(?im)^[ \t]*type[ \t]*(,[^:\n]*)?(::)?[ \t]*[a-z]\w*[ \t]*(!.*)?$`)
	typeEnd   = regexp.MustCompile(`(?im)^[ \t]*end[ \t]*type\b`)
)

// moduleContains returns the offset of the newline before the module's
// CONTAINS in src (the text after the module statement), passing over
// the CONTAINS of derived-type definitions; -1 when there is none.
func moduleContains(src []byte) int {
	off := 0
	for {
		c := containsAfterNewline.FindIndex(src[off:])
		if c == nil {
			return -1
		}
		at := off + c[0]
		// inside a type when a type starts before it with no end after that start
		starts := typeStart.FindAllIndex(src[:at], -1)
		ends := typeEnd.FindAllIndex(src[:at], -1)
		if len(starts) == 0 || len(ends) > 0 && ends[len(ends)-1][0] > starts[len(starts)-1][0] {
			return at
		}
		off = off + c[1]
	}
}
