package parser

import (
	"bytes"
	"regexp"
)

// Note [INCLUDE lines]
// ~~~~~~~~~~~~~~~~~~~~
// A Fortran INCLUDE line, include 'file' (or "file", in any case, alone on
// its line but for a comment), stands for the text of the file, as
// gfortran reads it: the file is looked for in the folder of the file
// that includes it, then in the -I directories, and may itself hold
// INCLUDE lines. The preprocessor reads them as it reads #include "file"
// (the same search, limits, source map and messages; an INCLUDE line in
// a branch of #if not taken is skipped); a file that needs no
// preprocessor but has an INCLUDE line is read by it in plain mode, where
// "#" starts no directive and no macro is expanded, so that -D defines
// nothing in it.

// includeRE matches an INCLUDE line from its first non-blank character.
var includeRE = regexp.MustCompile(`^(?i:include)[ \t]*(?:'([^'\n]+)'|"([^"\n]+)")[ \t]*(?:!.*)?$`)

// includeLine reports whether src[i:le] is an INCLUDE line, with the name
// of its file and the offset where that name's quote starts.
func includeLine(src []byte, i, le int) (file string, at int, ok bool) {
	if le-i < 9 || src[i]|0x20 != 'i' {
		return "", 0, false
	}
	m := includeRE.FindSubmatchIndex(bytes.TrimRight(src[i:le], "\r"))
	if m == nil {
		return "", 0, false
	}
	if m[2] >= 0 {
		return string(src[i+m[2] : i+m[3]]), i + m[2] - 1, true
	}
	return string(src[i+m[4] : i+m[5]]), i + m[4] - 1, true
}

// hasIncludeLine reports whether src has an INCLUDE line.
func hasIncludeLine(src []byte) bool {
	if !bytes.Contains(bytes.ToLower(src), []byte("include")) {
		return false
	}
	for s := 0; s < len(src); {
		le := bytes.IndexByte(src[s:], '\n')
		if le < 0 {
			le = len(src)
		} else {
			le += s
		}
		i := s
		for i < le && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if _, _, ok := includeLine(src, i, le); ok {
			return true
		}
		s = le + 1
	}
	return false
}
