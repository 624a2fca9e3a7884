package parser

import "github.com/forocl/forocl/diag"

// Codes of the limits of standard Fortran that forocl itself does not need
// but gfortran enforces (issue 20): the serial build of the same file
// fails, or with older compilers silently reads something else.
var (
	codeNameTooLong = diag.Define(diag.CodeInfo{
		Code: "name-too-long", Severity: diag.Warning, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "a name has more than 63 characters",
		Help: "Fortran 2003 and later allow names of at most 63 characters, and gfortran rejects longer ones " +
			"(\"Name at (1) is too long\"). forocl reads the whole name, so the file compiles here but not with gfortran: " +
			"shorten the name.",
	})
	codeLineTooLong = diag.Define(diag.CodeInfo{
		Code: "line-too-long", Severity: diag.Warning, Stage: "parser", Topic: "Syntax: characters and literals",
		Summary: "a free-form line has code past column 132",
		Help: "Free-form Fortran lines hold at most 132 characters (counted in bytes, as gfortran counts them); a comment may run " +
			"past. gfortran 12 rejects such a line (\"Line truncated\", an error by default), and compilers that only warn " +
			"cut it at column 132, which silently changes the statement. forocl reads the whole line. Split the statement " +
			"with a continuation \"&\" at the end of the line.",
	})
)

// maxNameLen and maxFreeLine are Fortran's limits on names and free-form
// lines (Fortran 2008, 3.2.2 and 3.3.2.1).
const (
	maxNameLen  = 63
	maxFreeLine = 132
)
