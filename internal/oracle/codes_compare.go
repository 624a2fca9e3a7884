package oracle

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/forocl/forocl/diag"
)

// Codes of the serial oracle's refusals (forocl compare).
var (
	codeGfortranMissing = diag.Define(diag.CodeInfo{
		Code: "gfortran-missing", Severity: diag.Error, Stage: "oracle", Topic: "Files",
		Summary: "forocl compare needs gfortran on PATH, for the serial run it compares with",
		Help: "forocl compare runs the kernel twice: on the OpenCL device, and serially through gfortran, compiling the " +
			"kernel's own source with a generated driver program; without gfortran there is nothing to compare " +
			"with. Install it (on Debian: apt-get install gfortran) or put it on PATH.",
	})
	codeModuleSourceMissing = diag.Define(diag.CodeInfo{
		Code: "module-source-missing", Severity: diag.Error, Stage: "oracle", Topic: "Files",
		Summary: "forocl compare needs the source of every module the kernel's files use",
		Help: "gfortran compiles the modules the files use before the files themselves, so it needs their source. " +
			"forocl knows forocl_regions without its source, gfortran does not. Give the folder that holds each " +
			"module with -I (forocl_regions: the fortran folder of forocl's source), or the files themselves, " +
			"in dependency order.",
	})
)

// CodeError is an error whose message ends in its diagnostic code, as the
// front end's diagnostics do.
type CodeError struct {
	Code diag.Code
	Msg  string
}

func (e *CodeError) Error() string { return e.Msg + " [" + string(e.Code) + "]" }

// CheckGfortran reports, as a gfortran-missing CodeError, that gfortran
// is not on PATH.
func CheckGfortran() error {
	if _, err := exec.LookPath("gfortran"); err != nil {
		return &CodeError{Code: codeGfortranMissing, Msg: "gfortran is not on PATH, and the serial run needs it (on Debian: apt-get install gfortran)"}
	}
	return nil
}

// MissingModules reports, as a module-source-missing CodeError, modules
// that the files use but whose source gfortran will not get.
func MissingModules(mods []string) error {
	if len(mods) == 0 {
		return nil
	}
	return &CodeError{Code: codeModuleSourceMissing, Msg: "the files use module " + strings.Join(mods, ", ") + ", whose source no file given and no -I folder holds; gfortran needs it: give its folder with -I (forocl_regions: forocl's fortran folder)"}
}

// Uncompiled returns the modules of mods that no include folder holds as a
// compiled module file (NAME.mod, such as Open MPI's mpi_f08.mod): gfortran
// reads those through -I itself, and only the others need a source.
func Uncompiled(mods, include []string) []string {
	var out []string
	for _, m := range mods {
		found := false
		dirs := include
		if strings.HasPrefix(m, "mpi") {
			dirs = append(append([]string(nil), include...), mpiIncludes()...) // the build adds them (needsMPI)
		}
		for _, dir := range dirs {
			if st, err := os.Stat(filepath.Join(dir, m+".mod")); err == nil && st.Mode().IsRegular() {
				found = true
				break
			}
		}
		if !found {
			out = append(out, m)
		}
	}
	return out
}

// mpiIncludes lists the folders of Open MPI's Fortran module files, from
// its wrapper's compile flags; none without mpif90.
func mpiIncludes() []string {
	flags, _, ok := mpiFlags()
	if !ok {
		return nil
	}
	var dirs []string
	for _, f := range flags {
		if d, ok := strings.CutPrefix(f, "-I"); ok {
			dirs = append(dirs, d)
		}
	}
	return dirs
}
