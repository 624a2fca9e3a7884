package parser

import "github.com/forocl/forocl/diag"

// PortText is what forocl port rewrites for the file name (Note [the
// port] in package port): the text after the preprocessor and INCLUDE
// lines when the file has either (the preprocessed text, still in its
// source form), else src itself; and whether the file is fixed form.
// The preprocessor's diagnostics are those ParseFile reports too.
func PortText(name string, src []byte, opts Options) (text []byte, fixed bool) {
	fixed = isFixed(name, opts.Form)
	cpp, incl := needsCpp(name, src), hasIncludeLine(src)
	if !cpp && !incl {
		return src, fixed
	}
	var diags diag.List
	out, _ := runCpp(identity(name, src), name, opts, fixed, !cpp, &diags)
	return out.text, fixed
}
