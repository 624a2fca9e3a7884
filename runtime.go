// Package forocl holds what the compiler's packages share from the
// repository's own files: the Fortran host runtime, which forocl port
// copies into every folder it writes.
package forocl

import _ "embed"

// FortranRuntime is fortran/forocl_cl.f90, the Fortran host runtime
// (module forocl_cl).
//
//go:embed fortran/forocl_cl.f90
var FortranRuntime []byte
