package main

import (
	"path/filepath"
	"strings"
)

// checkOutputNames refuses inputs that build would write to the same
// output: one .cl (and _cl.go) per input, named after its base name, so
// a/k.f90 and b/k.f90 would overwrite each other. Names are compared
// without case, for case-insensitive file systems. A file given twice is
// refused too.
func checkOutputNames(paths []string) error {
	seen := map[string]string{}
	for _, p := range paths {
		stem := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		key := strings.ToLower(stem)
		prev, dup := seen[key]
		if !dup {
			seen[key] = p
			continue
		}
		if filepath.Clean(prev) == filepath.Clean(p) {
			return usageErr("%s is given twice", p)
		}
		return usageErr("%s and %s would both be built into %s.cl; build them into separate directories or rename one", prev, p, stem)
	}
	return nil
}
