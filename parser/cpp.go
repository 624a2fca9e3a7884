package parser

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/internal/fsutil"
)

// Define is one -D or -U option. The options apply in order before a
// file's first line.
type Define struct {
	Name  string
	Value string // the body; -D NAME alone gives "1"
	Undef bool   // -U NAME
}

// ParseDefine turns the argument of -D ("NAME" or "NAME=VALUE") into a
// Define.
func ParseDefine(arg string) (Define, error) {
	name, value, ok := strings.Cut(arg, "=")
	if !ok {
		value = "1"
	}
	if !isMacroName(name) {
		return Define{}, fmt.Errorf("-D %q: %q is not a macro name (want NAME or NAME=VALUE)", arg, name)
	}
	return Define{Name: name, Value: value}, nil
}

func isMacroName(s string) bool {
	if s == "" || !(isLetter(s[0]) || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isAlnum(s[i]) {
			return false
		}
	}
	return true
}

// cppExts are the extensions of files that are always preprocessed
// (compared with their case, as gfortran does: .f90 is not, .F90 is).
var cppExts = map[string]bool{".F90": true, ".F95": true, ".F03": true, ".F08": true, ".F": true, ".FOR": true, ".FTN": true, ".fpp": true, ".FPP": true}

// needsCpp reports whether a file is preprocessed: by its extension, or
// because a line starts with "#".
func needsCpp(name string, src []byte) bool {
	if cppExts[filepath.Ext(name)] {
		return true
	}
	if bytes.IndexByte(src, '#') < 0 {
		return false
	}
	for s := 0; s < len(src); {
		i := s
		for i < len(src) && (isSpace(src[i]) && src[i] != '\n') {
			i++
		}
		if i < len(src) && src[i] == '#' {
			return true
		}
		e := bytes.IndexByte(src[s:], '\n')
		if e < 0 {
			break
		}
		s += e + 1
	}
	return false
}

// Note [preprocessor]
// ~~~~~~~~~~~~~~~~~~~
// cpp.go is a small C preprocessor for Fortran, in the spirit of gfortran's
// -cpp (traditional mode) for the cases real code uses. A line whose first
// non-blank is "#" is a directive (a "\" at its end continues it); other
// lines of kept regions have their macros expanded, where a macro name is a
// whole Fortran-like token: not inside a '...' or "..." string (strings
// continued with "&" are followed onto the next line), not in a "!"
// comment, and not part of a number such as 1.0_dp; in fixed form, comment
// lines are copied untouched. Arguments of a function-like macro are
// expanded before they are substituted, and the result is expanded again
// with the macro itself hidden (so "#define N N+1" stops); the # and ##
// operators are not supported. Names are case-sensitive, as in cpp.
//
// The output is a srcText (Note [source maps]): copied text keeps its
// columns, an expansion points at the macro's name, and an #include'd
// file's lines point into that file. Directive lines become empty lines.

type macro struct {
	fn      bool
	params  []string
	body    string
	builtin bool // __LINE__ or __FILE__: the body is where the use is (Note [line and file])
}

// Note [line and file]
// ~~~~~~~~~~~~~~~~~~~~
// __LINE__ and __FILE__ are predefined, as in gfortran -cpp: __LINE__ is
// the number of the line being read (for a macro use, the line of the
// use; in an #if, the directive's line), and __FILE__ a "..." string of
// the file's name as cpp spells it: the main file as given on the command
// line, an #include'd file as the folder of the file that includes it (up
// to its last "/") or the -I directory as given (with a "/" added when it
// has none) followed by the name in the #include. "#line N "name"" and the
// line markers "# N "name"" renumber the lines after them and rename the
// file for both, as cpp does; they do not move diagnostics, which always
// name the real file and line.

// where is the file being read, as __FILE__ and __LINE__ name it.
type where struct {
	path  string // the file's name as cpp opened it
	name  string // the name __FILE__ gives
	delta int    // added to the real line number (#line)
	line  int    // the line being read, as __LINE__ gives it
}

// cond is one open #if group.
type cond struct {
	pos     diag.Pos
	parent  bool // the enclosing region is kept
	active  bool // the current branch is kept
	taken   bool // some branch was taken
	sawElse bool
}

type cpp struct {
	diags    *diag.List
	macros   map[string]*macro
	dirs     []string
	read     func(string) ([]byte, error)
	out      *srcText
	included diag.Sources
	depth    int
	fixed    bool
	// plain reads a file that needs no preprocessor for its INCLUDE
	// lines only: "#" starts no directive and no macro is expanded.
	plain bool

	limits  cppLimits
	size    int64           // the preprocessed size so far (Note [preprocessor limits])
	work    int64           // the macro expansion work so far
	hidden  map[string]bool // the macros being expanded, which are not expanded again
	nesting int             // how many macro uses are being expanded
	stopped bool            // a limit was hit: nothing more is read or produced
	at      where           // the line being read (Note [line and file])
}

// maxIncludeDepth bounds #include nesting; see codeCppIncludeTooDeep.
const maxIncludeDepth = 40

// maxExpansion bounds the text one macro use expands to.
const maxExpansion = 1 << 20

// Note [preprocessor limits]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~
// Text that the preprocessor makes can grow without bound from a small
// input: a file that includes itself twice, or a chain of files each
// including the next twice, doubles at each level; 2000 uses of an 850 KB
// macro make 1.7 GB; macros that each use the one before ten times cost
// 10^depth steps and may make nothing at all. Three budgets, counted as the
// text is produced (never after), stop each of these:
//
//   - the preprocessed size: every file counts its whole size each time it
//     is read (the main file, and an #include'd file at each #include, before
//     any of it is copied; an #include at least 1 KiB, for what reading a
//     file costs beyond its bytes, so a file includes at most 16384), and
//     every macro expansion its length when it is put in the text. The text made is never larger than this; its limit,
//     MaxPreprocessedBytes (16 MiB), is the limit on source files, so a
//     preprocessed file is no larger than a file forocl would read.
//   - the expansion work: every byte that a macro expansion scans, every
//     substituted argument, and each use the depth of nesting it sits at
//     (so a chain of a million macros, each the next's name, stops long
//     before the goroutine's stack does). 128 Mi steps take about a second.
//   - an #include'd file is read as a regular file (opened without blocking
//     and checked on the open file, so a FIFO, a device or a directory is
//     refused and never read) of at most the same 16 MiB, reading at most
//     64 KiB more whatever its size says (/proc files say 0).
//
// The first limit hit is reported at the #include or macro use that passed
// it, with its own code, and the preprocessor stops: the rest of the file is
// not read, and nothing of it is parsed (a cut file would only add errors
// that say nothing). #include nested more than 40 deep stops it the same way,
// since a file that includes itself twice would otherwise report it 2^40
// times. Each included file is read once; a second #include of the same path
// reuses its text.

// MaxPreprocessedBytes bounds the preprocessed size of one file (Note
// [preprocessor limits]).
const MaxPreprocessedBytes = 16 << 20

// cppLimits are the budgets of Note [preprocessor limits]; tests lower them.
type cppLimits struct {
	size    int64 // the preprocessed size
	work    int64 // the macro expansion work
	include int64 // the size of one #include'd file
}

// minIncludeCharge is the least an #include adds to the preprocessed size:
// reading a file costs more than its bytes (Note [preprocessor limits]).
const minIncludeCharge = 1 << 10

var defaultLimits = cppLimits{size: MaxPreprocessedBytes, work: 128 << 20, include: MaxPreprocessedBytes}

// errExpansionWork is the error of a macro expansion over its work budget.
var errExpansionWork = errors.New("macro expansion takes too much work")

// preprocess runs the preprocessor over in, the file name; it returns the
// text to scan and the contents of the files it included.
func preprocess(in *srcText, name string, opts Options, fixed bool, diags *diag.List) (*srcText, diag.Sources) {
	return runCpp(in, name, opts, fixed, false, diags)
}

// runCpp is preprocess, or with plain the reading of INCLUDE lines alone
// (Note [INCLUDE lines]).
func runCpp(in *srcText, name string, opts Options, fixed, plain bool, diags *diag.List) (*srcText, diag.Sources) {
	p := &cpp{diags: diags, macros: map[string]*macro{"__FOROCL__": {body: "1"}, "__LINE__": {builtin: true}, "__FILE__": {builtin: true}}, dirs: opts.IncludeDirs, read: opts.ReadFile, out: &srcText{}, included: diag.Sources{}, fixed: fixed,
		limits: defaultLimits, hidden: map[string]bool{}, plain: plain}
	if opts.limits != nil {
		p.limits = *opts.limits
	}
	if p.read == nil {
		lim := p.limits.include
		p.read = func(path string) ([]byte, error) { return fsutil.ReadRegular(path, lim) }
	}
	for _, d := range opts.Defines {
		if plain {
			break
		}
		if d.Undef {
			delete(p.macros, d.Name)
		} else {
			p.macros[d.Name] = &macro{body: d.Value}
		}
	}
	if p.charge(int64(len(in.text)), in.origin(0), "the file") {
		p.file(in, name)
	}
	if p.stopped {
		return &srcText{}, p.included // Note [preprocessor limits]
	}
	return p.out, p.included
}

// charge adds n bytes made at pos to the preprocessed size and reports
// whether that stays within the limit; the first time it does not, it
// reports the error at pos and stops the preprocessor. what names the text.
func (p *cpp) charge(n int64, pos diag.Pos, what string) bool {
	if p.stopped {
		return false
	}
	p.size += n
	if p.size <= p.limits.size {
		return true
	}
	p.diags.Error(codeCppOutputTooLarge, diag.At(pos), "the preprocessed file grows past %s here (%s adds %d bytes); forocl stops preprocessing", mib(p.limits.size), what, n).
		WithHint("each #include copies its file again and each macro use its expansion: guard included files with #ifndef NAME / #define NAME / #endif, and keep macros small")
	p.stopped = true
	return false
}

// mib writes a limit in MiB, or in bytes when it is not a whole MiB (tests).
func mib(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// spend adds n steps to the expansion work and reports whether that
// exceeds its limit.
func (p *cpp) spend(n int) error {
	p.work += int64(n)
	if p.work > p.limits.work {
		return errExpansionWork
	}
	return nil
}

// expansionFailed reports err, the error of a macro use at pos, and stops
// the preprocessor if the use ran out of work.
func (p *cpp) expansionFailed(err error, pos diag.Pos) {
	if errors.Is(err, errExpansionWork) {
		p.diags.Error(codeCppExpansionWork, diag.At(pos), "macro expansion takes more than %d steps; forocl stops preprocessing", p.limits.work).
			WithHint("a macro that uses others many times multiplies at each level; write the text out, or use a Fortran function")
		p.stopped = true
		return
	}
	p.diags.Error(codeCppMacroCall, diag.At(pos), "%v", err).
		WithHint("check the macro's #define and this use")
}

// lineEnd returns the end of the line at s (without "\r") and the offset
// of its newline (len(src) for the last line).
func lineEnd(src []byte, s int) (le, nl int) {
	nl = s
	for nl < len(src) && src[nl] != '\n' {
		nl++
	}
	le = nl
	if le > s && src[le-1] == '\r' {
		le--
	}
	return le, nl
}

// file preprocesses in, the contents of the file that __FILE__ names name.
func (p *cpp) file(in *srcText, name string) {
	src := in.text
	saved := p.at
	p.at = where{path: name, name: name}
	defer func() { p.at = saved }()
	var stack []*cond
	active := func() bool { return len(stack) == 0 || stack[len(stack)-1].active }
	var quote byte
	for s := 0; s <= len(src) && !p.stopped; {
		le, nl := lineEnd(src, s)
		i := s
		if s == 0 && bytes.HasPrefix(src, []byte(utf8BOM)) {
			i = len(utf8BOM)
		}
		for i < le && isSpace(src[i]) {
			i++
		}
		p.at.line = in.origin(s).Line + p.at.delta
		if file, at, ok := includeLine(src, i, le); ok && active() {
			p.include(in, `"`+file+`"`, in.origin(i), in.origin(at))
			quote = 0
		} else if i < le && src[i] == '#' && !p.plain {
			// Continued lines are joined in one buffer: appending to a
			// string would copy it at each of a million "\" lines.
			line := bytes.TrimRight(src[i+1:le], " \t")
			var joined []byte
			for bytes.HasSuffix(line, []byte("\\")) && nl < len(src) {
				joined = append(joined, line[:len(line)-1]...)
				p.out.newline(in.origin(nl))
				var nle int
				nle, nl = lineEnd(src, nl+1)
				joined = append(joined, ' ')
				line = bytes.TrimRight(src[lineStartOf(src, nle):nle], " \t")
			}
			text := string(src[i+1 : le])
			if joined != nil {
				text = string(append(joined, line...))
			}
			stack = p.directive(in, i, le, text, stack, active())
			quote = 0
		} else if p.plain {
			p.out.copyFrom(in, s, le)
		} else if active() {
			quote = p.line(in, s, le, quote)
		}
		if nl >= len(src) {
			break
		}
		p.out.newline(in.origin(nl))
		s = nl + 1
	}
	for _, c := range stack {
		p.diags.Error(codeCppConditionalUnbalanced, diag.At(c.pos), "#if without #endif").
			WithHint("add #endif before the end of the file")
	}
}

// lineStartOf returns the start of the line that ends at le.
func lineStartOf(src []byte, le int) int {
	i := le
	for i > 0 && src[i-1] != '\n' {
		i--
	}
	return i
}

// directive handles the directive at src[at:le] ("#" at at; text is what
// follows it, continuations joined) and returns the new #if stack.
func (p *cpp) directive(in *srcText, at, le int, text string, stack []*cond, active bool) []*cond {
	pos := in.origin(at)
	// posOf is the position of byte k of text (on the first line).
	posOf := func(k int) diag.Pos { return in.origin(min(at+1+k, le)) }
	k := 0
	for k < len(text) && isSpace(text[k]) {
		k++
	}
	w := k
	for k < len(text) && isLetter(text[k]) {
		k++
	}
	word, rest := text[w:k], text[k:]
	restAt := k
	for restAt < len(text) && isSpace(text[restAt]) {
		restAt++
	}
	arg := strings.TrimSpace(rest)
	top := func() *cond {
		if len(stack) == 0 {
			return nil
		}
		return stack[len(stack)-1]
	}
	unbalanced := func(what string) {
		p.diags.Error(codeCppConditionalUnbalanced, diag.At(pos), "#%s without #if", what).
			WithHint("remove it, or add the #if, #ifdef or #ifndef it closes")
	}
	switch word {
	case "if", "ifdef", "ifndef":
		c := &cond{pos: pos, parent: active}
		if active {
			var v bool
			if word == "if" {
				v = p.eval(arg, posOf(restAt))
			} else {
				name := firstIdent(arg)
				if name == "" {
					p.diags.Error(codeCppDirectiveMalformed, diag.At(posOf(restAt)), "#%s needs a macro name", word).
						WithHint("write #%s NAME", word)
				}
				_, v = p.macros[name]
				v = v == (word == "ifdef")
			}
			c.active, c.taken = v, v
		}
		return append(stack, c)
	case "elif":
		c := top()
		switch {
		case c == nil:
			unbalanced("elif")
		case c.sawElse:
			p.diags.Error(codeCppConditionalUnbalanced, diag.At(pos), "#elif after #else").
				WithHint("move the #elif before the group's #else")
		case c.parent && !c.taken:
			v := p.eval(arg, posOf(restAt))
			c.active, c.taken = v, v
		default:
			c.active = false
		}
		return stack
	case "else":
		c := top()
		switch {
		case c == nil:
			unbalanced("else")
		case c.sawElse:
			p.diags.Error(codeCppConditionalUnbalanced, diag.At(pos), "#else after #else").
				WithHint("a group has at most one #else")
		default:
			c.active = c.parent && !c.taken
			c.taken = true
			c.sawElse = true
		}
		return stack
	case "endif":
		if top() == nil {
			unbalanced("endif")
			return stack
		}
		return stack[:len(stack)-1]
	}
	if !active {
		return stack // other directives in skipped regions are not read
	}
	switch word {
	case "":
		if arg != "" && !isDigit(arg[0]) {
			p.diags.Error(codeCppDirectiveUnknown, diag.At(posOf(w)), "unknown preprocessor directive %q", "#"+arg).
				WithHint("directives are #define, #undef, #if, #ifdef, #ifndef, #elif, #else, #endif, #include, #error and #warning")
		} else if arg != "" {
			p.lineMarker(arg, in.origin(le).Line+1, posOf(restAt)) // "# 12 "file"", as #line
		} // "#" alone is ignored
	case "define":
		p.define(rest, posOf(restAt))
	case "undef":
		name := firstIdent(arg)
		if name == "" {
			p.diags.Error(codeCppDirectiveMalformed, diag.At(posOf(restAt)), "#undef needs a macro name").WithHint("write #undef NAME")
		}
		delete(p.macros, name)
	case "include":
		p.include(in, arg, pos, posOf(restAt))
	case "error":
		p.diags.Error(codeCppError, diag.At(pos), "#error %s", arg)
	case "warning":
		p.diags.Warn(codeCppWarning, diag.At(pos), "#warning %s", arg)
	case "line":
		p.lineMarker(arg, in.origin(le).Line+1, posOf(restAt))
	case "pragma", "ident":
	default:
		p.diags.Error(codeCppDirectiveUnknown, diag.At(posOf(w)), "unknown preprocessor directive %q", "#"+word).
			WithHint("directives are #define, #undef, #if, #ifdef, #ifndef, #elif, #else, #endif, #include, #error and #warning")
	}
	return stack
}

// builtinBody is the expansion of __LINE__ or __FILE__ where the preprocessor
// is (Note [line and file]).
func (p *cpp) builtinBody(name string) string {
	if name == "__LINE__" {
		return strconv.Itoa(p.at.line)
	}
	return `"` + strings.ReplaceAll(p.at.name, `"`, `""`) + `"`
}

// lineMarker reads `#line N ["name"]` (arg is what follows "line"), where
// next is the real number of the line after it: that line is numbered N
// from now on, and __FILE__ becomes name (Note [line and file]).
func (p *cpp) lineMarker(arg string, next int, at diag.Pos) {
	num, rest, _ := strings.Cut(strings.TrimSpace(arg)+" ", " ")
	n, err := strconv.Atoi(num)
	rest = strings.TrimSpace(rest)
	name, quoted := strings.CutPrefix(rest, `"`)
	if quoted {
		var closed bool
		name, _, closed = strings.Cut(name, `"`) // flags may follow a marker's name
		quoted = closed
	}
	if err != nil || n < 0 || rest != "" && !quoted {
		p.diags.Error(codeCppDirectiveMalformed, diag.At(at), "#line needs a line number and an optional \"file\" name, not %q", strings.TrimSpace(arg)).
			WithHint(`write #line 100 or #line 100 "file.F90"`)
		return
	}
	p.at.delta = n - next
	if quoted {
		p.at.name = name
	}
}

// firstIdent returns s's leading name, or "" if s does not start with one.
func firstIdent(s string) string {
	i := 0
	for i < len(s) && (isAlnum(s[i])) {
		i++
	}
	if !isMacroName(s[:i]) {
		return ""
	}
	return s[:i]
}

// define handles "#define" whose text after the word is rest.
func (p *cpp) define(rest string, at diag.Pos) {
	s := strings.TrimLeft(rest, " \t")
	name := firstIdent(s)
	if name == "" {
		p.diags.Error(codeCppDirectiveMalformed, diag.At(at), "#define needs a macro name").
			WithHint("write #define NAME VALUE or #define NAME(ARGS) VALUE")
		return
	}
	if name == "defined" {
		p.diags.Error(codeCppDirectiveMalformed, diag.At(at), `"defined" cannot be a macro name`).WithHint("choose another name")
		return
	}
	s = s[len(name):]
	m := &macro{}
	if strings.HasPrefix(s, "(") {
		m.fn = true
		end := strings.IndexByte(s, ')')
		if end < 0 {
			p.diags.Error(codeCppDirectiveMalformed, diag.At(at), "parameter list of macro %q is not closed", name).
				WithHint(`close it with ")"`)
			return
		}
		list := strings.TrimSpace(s[1:end])
		if list != "" {
			for _, prm := range strings.Split(list, ",") {
				prm = strings.TrimSpace(prm)
				if !isMacroName(prm) {
					p.diags.Error(codeCppDirectiveMalformed, diag.At(at), "parameter %q of macro %q is not a name", prm, name).
						WithHint("parameters are names separated by commas")
					return
				}
				m.params = append(m.params, prm)
			}
		}
		s = s[end+1:]
	}
	m.body = strings.TrimSpace(s)
	p.macros[name] = m
}

// include handles `#include "file"` (or <file>) at pos.
func (p *cpp) include(in *srcText, arg string, pos, argPos diag.Pos) {
	var file string
	if len(arg) >= 2 && (arg[0] == '"' && strings.IndexByte(arg[1:], '"') >= 0 || arg[0] == '<' && strings.IndexByte(arg, '>') > 0) {
		closeCh := byte('"')
		if arg[0] == '<' {
			closeCh = '>'
		}
		file = arg[1 : 1+strings.IndexByte(arg[1:], closeCh)]
	}
	if file == "" {
		p.diags.Error(codeCppDirectiveMalformed, diag.At(argPos), "#include needs a file name").
			WithHint(`write #include "file"`)
		return
	}
	if p.depth >= maxIncludeDepth {
		p.diags.Error(codeCppIncludeTooDeep, diag.At(pos), "#include nested more than %d deep; forocl stops preprocessing", maxIncludeDepth).
			WithHint("a file probably includes itself; guard it with #ifndef NAME / #define NAME / #endif")
		p.stopped = true // Note [preprocessor limits]
		return
	}
	var tried, names []string // the paths read, and their names for __FILE__
	if filepath.IsAbs(file) {
		tried, names = []string{file}, []string{file}
	} else {
		tried = append(tried, filepath.Join(filepath.Dir(pos.File), file))
		names = append(names, p.at.path[:strings.LastIndexByte(p.at.path, '/')+1]+file)
		for _, d := range p.dirs {
			tried = append(tried, filepath.Join(d, file))
			names = append(names, strings.TrimSuffix(d, "/")+"/"+file)
		}
	}
	for t, path := range tried {
		src, ok := p.included[path]
		if !ok {
			var err error
			src, err = p.read(path)
			if err == nil && int64(len(src)) > p.limits.include {
				err = &fsutil.TooLargeError{Limit: p.limits.include}
			}
			var notRegular *fsutil.NotRegularError
			var tooLarge *fsutil.TooLargeError
			switch {
			case errors.Is(err, os.ErrNotExist):
				continue
			case errors.As(err, &notRegular):
				p.diags.Error(codeCppIncludeNotRegular, diag.At(argPos), "included file %q is %s; forocl stops preprocessing", path, notRegular.Kind).
					WithHint("#include reads regular files only (a device or a pipe would be read without end); name a Fortran file")
				p.stopped = true
				return
			case errors.As(err, &tooLarge):
				p.diags.Error(codeCppIncludeTooLarge, diag.At(argPos), "included file %q is larger than %s, the most forocl reads; forocl stops preprocessing", path, mib(p.limits.include)).
					WithHint("#include a Fortran file; a file this large is almost certainly not the one meant")
				p.stopped = true
				return
			case err != nil:
				p.diags.Error(codeCppIncludeNotFound, diag.At(argPos), "cannot read included file %q: %v", path, err)
				return
			}
			p.included[path] = src
		}
		if !p.charge(max(int64(len(src)), minIncludeCharge), pos, fmt.Sprintf("#include %q", file)) {
			return
		}
		p.depth++
		p.file(identity(path, src), names[t])
		p.depth--
		return
	}
	p.diags.Error(codeCppIncludeNotFound, diag.At(argPos), "#include file %q not found", file).
		WithHint("%s", includeHint(p.dirs))
}

// includeHint says where #include looked.
func includeHint(dirs []string) string {
	h := "#include looks in the folder of the file that includes, then in the -I directories"
	if len(dirs) > 0 {
		h += " (" + strings.Join(quoteAll(dirs), ", ") + ")"
	}
	return h + "; add the file's folder with -I DIR"
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strconv.Quote(x)
	}
	return out
}

// line expands the macros of src[s:le], a line of Fortran, into p.out. quote
// is the string continued from the line before; the result is the string
// this line continues onto the next (free form only).
func (p *cpp) line(in *srcText, s, le int, quote byte) byte {
	src := in.text
	if p.fixed && s < le {
		switch src[s] {
		case 'C', 'c', '*', '!', 'D', 'd':
			p.out.copyFrom(in, s, le)
			return 0
		}
	}
	i, cp := s, s
	if quote != 0 {
		for i < le && isSpace(src[i]) {
			i++
		}
		if i < le && src[i] == '&' {
			i++
		}
		i = skipString(src, i, le, quote)
		if i > le {
			p.out.copyFrom(in, s, le)
			return quote
		}
	}
	var lineText string
	for i < le {
		c := src[i]
		switch {
		case c == '!':
			i = le
		case c == '\'' || c == '"':
			j := skipString(src, i+1, le, c)
			if j > le {
				p.out.copyFrom(in, cp, le)
				if !p.fixed && bytes.HasSuffix(bytes.TrimRight(src[i:le], " \t"), []byte("&")) {
					return c
				}
				return 0
			}
			i = j
		case isDigit(c) || c == '.' && i+1 < le && isDigit(src[i+1]):
			i = skipNumber(src, i, le)
		case isLetter(c) || c == '_':
			j := i + 1
			for j < le && isAlnum(src[j]) {
				j++
			}
			name := string(src[i:j])
			if _, ok := p.macros[name]; !ok {
				i = j
				continue
			}
			if lineText == "" {
				lineText = string(src[s:le]) // once per line: a line of many uses must not copy its rest at each
			}
			repl, n, err := p.expandUse(lineText[i-s:])
			if err != nil {
				p.expansionFailed(err, in.origin(i))
				if p.stopped {
					return 0
				}
				i = j
				continue
			}
			if n == 0 {
				i = j
				continue
			}
			if !p.charge(int64(len(repl)), in.origin(i), fmt.Sprintf("macro %q", name)) {
				return 0
			}
			p.out.copyFrom(in, cp, i)
			p.out.synth(repl, in.origin(i))
			if repl == "" {
				// Keep a place for positions right after an empty expansion.
				p.out.synth(" ", in.origin(i))
			}
			i += n
			cp = i
		default:
			i++
		}
	}
	p.out.copyFrom(in, cp, le)
	return 0
}

// skipString returns the offset after the string whose opening quote q is
// before i, or le+1 when it does not close on the line.
func skipString[T string | []byte](src T, i, le int, q byte) int {
	for i < le {
		if src[i] == q {
			if i+1 < le && src[i+1] == q {
				i += 2
				continue
			}
			return i + 1
		}
		i++
	}
	return le + 1
}

// skipNumber returns the offset after the number (a cpp pp-number, so
// that 1.0_dp and 1e-3 stay whole) at i.
func skipNumber[T string | []byte](src T, i, le int) int {
	for i < le {
		c := src[i]
		switch {
		case isAlnum(c) || c == '.':
			if (c == 'e' || c == 'E' || c == 'd' || c == 'D') && i+1 < le && (src[i+1] == '+' || src[i+1] == '-') {
				i++
			}
			i++
		default:
			return i
		}
	}
	return i
}

// expandUse expands the macro use at the start of text (a name, and for a
// function-like macro its arguments). It returns the expansion and how many
// bytes of text the use took (0: a function-like macro without arguments,
// which is left alone).
func (p *cpp) expandUse(text string) (string, int, error) {
	if err := p.spend(1 + p.nesting); err != nil {
		return "", 0, err
	}
	j := 1
	for j < len(text) && isAlnum(text[j]) {
		j++
	}
	name := text[:j]
	m := p.macros[name]
	body := m.body
	if m.builtin {
		body = p.builtinBody(name)
	}
	if m.fn {
		k := j
		for k < len(text) && isSpace(text[k]) {
			k++
		}
		if k >= len(text) || text[k] != '(' {
			return "", 0, nil
		}
		args, n, err := splitArgs(text[k:])
		scanned := n
		if err != nil {
			scanned = len(text) - k // an unclosed list is looked for to the end of the line
		}
		if err := p.spend(scanned); err != nil {
			return "", 0, err
		}
		if err != nil {
			return "", 0, fmt.Errorf("macro %q: %v", name, err)
		}
		if len(m.params) == 0 && len(args) == 1 && strings.TrimSpace(args[0]) == "" {
			args = nil
		}
		if len(args) != len(m.params) {
			return "", 0, fmt.Errorf("macro %q takes %d arguments, but %d were given", name, len(m.params), len(args))
		}
		vals := map[string]string{}
		for i, a := range args {
			v, err := p.expand(strings.TrimSpace(a), false)
			if err != nil {
				return "", 0, err
			}
			vals[m.params[i]] = v
		}
		body = substitute(body, vals)
		if err := p.spend(len(body)); err != nil {
			return "", 0, err
		}
		j = k + n
	}
	// The macro is hidden while its body expands (so "#define N N+1"
	// stops), and only then: the hidden set is the macros being expanded.
	p.hidden[name] = true
	p.nesting++
	out, err := p.expand(body, false)
	p.nesting--
	delete(p.hidden, name)
	if err != nil {
		return "", 0, err
	}
	return out, j, nil
}

// splitArgs splits "(a, (b, c), 'x,y')..." into its top-level arguments
// and returns how many bytes the list took.
func splitArgs(s string) ([]string, int, error) {
	depth := 0
	var args []string
	start := 1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return append(args, s[start:i]), i + 1, nil
			}
		case ',':
			if depth == 1 {
				args = append(args, s[start:i])
				start = i + 1
			}
		case '\'', '"':
			j := skipString(s, i+1, len(s), c)
			if j > len(s) {
				return nil, 0, errors.New("unterminated string in the arguments")
			}
			i = j - 1
		}
	}
	return nil, 0, errors.New(`the argument list is not closed on this line`)
}

// substitute replaces the parameters in body by their values, name by name.
func substitute(body string, vals map[string]string) string {
	var b strings.Builder
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '\'' || c == '"':
			j := min(skipString(body, i+1, len(body), c), len(body))
			b.WriteString(body[i:j])
			i = j
		case isDigit(c):
			j := skipNumber(body, i, len(body))
			b.WriteString(body[i:j])
			i = j
		case isLetter(c) || c == '_':
			j := i + 1
			for j < len(body) && isAlnum(body[j]) {
				j++
			}
			if v, ok := vals[body[i:j]]; ok {
				b.WriteString(v)
			} else {
				b.WriteString(body[i:j])
			}
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String()
}

// expand expands every macro in text except the hidden ones (p.hidden). In
// an #if expression (cond), "!" is an operator rather than a comment.
func (p *cpp) expand(text string, cond bool) (string, error) {
	if err := p.spend(len(text)); err != nil {
		return "", err
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		if b.Len() > maxExpansion {
			return "", errors.New("macro expansion is larger than a million bytes")
		}
		c := text[i]
		switch {
		case c == '!' && !cond:
			b.WriteString(text[i:])
			i = len(text)
		case (c == '\'' || c == '"') && !cond:
			j := min(skipString(text, i+1, len(text), c), len(text))
			b.WriteString(text[i:j])
			i = j
		case isDigit(c):
			j := skipNumber(text, i, len(text))
			b.WriteString(text[i:j])
			i = j
		case isLetter(c) || c == '_':
			j := i + 1
			for j < len(text) && isAlnum(text[j]) {
				j++
			}
			name := text[i:j]
			if _, ok := p.macros[name]; ok && !p.hidden[name] {
				repl, n, err := p.expandUse(text[i:])
				if err != nil {
					return "", err
				}
				if n > 0 {
					b.WriteString(repl)
					i += n
					continue
				}
			}
			b.WriteString(name)
			i = j
		default:
			b.WriteByte(c)
			i++
		}
	}
	if b.Len() > maxExpansion {
		return "", errors.New("macro expansion is larger than a million bytes")
	}
	return b.String(), nil
}

// eval evaluates the #if expression text at pos; an error is reported and
// counts as false.
func (p *cpp) eval(text string, pos diag.Pos) bool {
	if strings.TrimSpace(text) == "" {
		p.diags.Error(codeCppIfExpression, diag.At(pos), "#if with no expression").WithHint("write #if EXPR, e.g. #if N > 2")
		return false
	}
	// defined NAME and defined(NAME) are read before macros expand.
	var b strings.Builder
	for i := 0; i < len(text); {
		c := text[i]
		if isLetter(c) || c == '_' {
			j := i + 1
			for j < len(text) && isAlnum(text[j]) {
				j++
			}
			if text[i:j] != "defined" {
				b.WriteString(text[i:j])
				i = j
				continue
			}
			k := j
			for k < len(text) && isSpace(text[k]) {
				k++
			}
			paren := k < len(text) && text[k] == '('
			if paren {
				k++
				for k < len(text) && isSpace(text[k]) {
					k++
				}
			}
			name := firstIdent(text[k:])
			if name == "" {
				p.diags.Error(codeCppIfExpression, diag.At(pos), "bad #if expression: \"defined\" needs a macro name").
					WithHint("write defined(NAME)")
				return false
			}
			k += len(name)
			if paren {
				for k < len(text) && isSpace(text[k]) {
					k++
				}
				if k >= len(text) || text[k] != ')' {
					p.diags.Error(codeCppIfExpression, diag.At(pos), "bad #if expression: \"defined(\" is not closed").
						WithHint(`close it with ")"`)
					return false
				}
				k++
			}
			if _, ok := p.macros[name]; ok {
				b.WriteString(" 1 ")
			} else {
				b.WriteString(" 0 ")
			}
			i = k
			continue
		}
		b.WriteByte(c)
		i++
	}
	expanded, err := p.expand(b.String(), true)
	if err != nil {
		p.expansionFailed(err, pos)
		return false
	}
	e := &ifExpr{s: expanded}
	v, err := e.parse()
	if err != nil {
		p.diags.Error(codeCppIfExpression, diag.At(pos), "bad #if expression %q: %v", strings.TrimSpace(text), err).
			WithHint("#if takes integers, defined(NAME), ! && || ?: == != < <= > >= + - * / %% and parentheses")
		return false
	}
	return v != 0
}

// ifExpr evaluates an #if expression after macro expansion: C's integer
// operators, names that are not macros as 0.
type ifExpr struct {
	s   string
	i   int
	tok string
}

func (e *ifExpr) next() {
	for e.i < len(e.s) && isSpace(e.s[e.i]) {
		e.i++
	}
	if e.i >= len(e.s) {
		e.tok = ""
		return
	}
	start := e.i
	c := e.s[e.i]
	switch {
	case isAlnum(c):
		for e.i < len(e.s) && isAlnum(e.s[e.i]) {
			e.i++
		}
	default:
		for _, op := range []string{"||", "&&", "==", "!=", "<=", ">=", "<<", ">>"} {
			if strings.HasPrefix(e.s[e.i:], op) {
				e.i += 2
				e.tok = op
				return
			}
		}
		e.i++
	}
	e.tok = e.s[start:e.i]
}

func (e *ifExpr) parse() (int64, error) {
	e.next()
	v, err := e.ternary()
	if err != nil {
		return 0, err
	}
	if e.tok != "" {
		return 0, fmt.Errorf("unexpected %q", e.tok)
	}
	return v, nil
}

func (e *ifExpr) ternary() (int64, error) {
	c, err := e.binary(0)
	if err != nil || e.tok != "?" {
		return c, err
	}
	e.next()
	a, err := e.ternary()
	if err != nil {
		return 0, err
	}
	if e.tok != ":" {
		return 0, errors.New(`expected ":" after "?"`)
	}
	e.next()
	b, err := e.ternary()
	if err != nil {
		return 0, err
	}
	if c != 0 {
		return a, nil
	}
	return b, nil
}

// ifLevels lists C's binary operators by precedence, loosest first.
var ifLevels = [][]string{{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}}

func (e *ifExpr) binary(level int) (int64, error) {
	if level == len(ifLevels) {
		return e.unary()
	}
	a, err := e.binary(level + 1)
	if err != nil {
		return 0, err
	}
	for contains(ifLevels[level], e.tok) {
		op := e.tok
		e.next()
		b, err := e.binary(level + 1)
		if err != nil {
			return 0, err
		}
		b2i := func(x bool) int64 {
			if x {
				return 1
			}
			return 0
		}
		switch op {
		case "||":
			a = b2i(a != 0 || b != 0)
		case "&&":
			a = b2i(a != 0 && b != 0)
		case "|":
			a |= b
		case "^":
			a ^= b
		case "&":
			a &= b
		case "==":
			a = b2i(a == b)
		case "!=":
			a = b2i(a != b)
		case "<":
			a = b2i(a < b)
		case "<=":
			a = b2i(a <= b)
		case ">":
			a = b2i(a > b)
		case ">=":
			a = b2i(a >= b)
		case "<<":
			a <<= uint64(b) & 63
		case ">>":
			a >>= uint64(b) & 63
		case "+":
			a += b
		case "-":
			a -= b
		case "*":
			a *= b
		case "/", "%":
			if b == 0 {
				return 0, errors.New("division by zero")
			}
			if op == "/" {
				a /= b
			} else {
				a %= b
			}
		}
	}
	return a, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (e *ifExpr) unary() (int64, error) {
	switch e.tok {
	case "!", "-", "+", "~":
		op := e.tok
		e.next()
		v, err := e.unary()
		if err != nil {
			return 0, err
		}
		switch op {
		case "!":
			if v == 0 {
				return 1, nil
			}
			return 0, nil
		case "-":
			return -v, nil
		case "~":
			return ^v, nil
		}
		return v, nil
	case "(":
		e.next()
		v, err := e.ternary()
		if err != nil {
			return 0, err
		}
		if e.tok != ")" {
			return 0, errors.New(`expected ")"`)
		}
		e.next()
		return v, nil
	case "":
		return 0, errors.New("unexpected end of expression")
	}
	t := e.tok
	if isDigit(t[0]) {
		num := strings.TrimRight(t, "uUlL")
		v, err := strconv.ParseInt(num, 0, 64)
		if err != nil {
			return 0, fmt.Errorf("bad number %q", t)
		}
		e.next()
		return v, nil
	}
	if isMacroName(t) {
		e.next()
		return 0, nil // a name that is not a macro is 0
	}
	return 0, fmt.Errorf("unexpected %q", t)
}
