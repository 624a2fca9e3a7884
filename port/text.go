package port

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/driver"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/parser"
)

// portFile ports the input at path (Note [the port]): it returns its
// output files, the host module first, and the procedures that launch
// kernels. u is the file's unit (nil when it has no kernel).
func portFile(path string, res *driver.Result, u *abi.Unit, accepted map[string]*proc, o Options, diags *diag.List) ([]File, []string) {
	po := parser.Options{Form: o.Front.Form, Defines: o.Front.Defines, IncludeDirs: o.Front.IncludeDirs}
	text, fixed := parser.PortText(path, res.Sources[path], po)
	name, form := stem(path)+".f90", parser.FormFree
	if fixed {
		name, form = stem(path)+".f", parser.FormFixed
	}
	copied := []File{{Name: name, Data: text}}
	var kernels []*abi.Kernel
	if u != nil {
		for _, k := range u.Kernels {
			if p := accepted[strings.ToLower(k.Name)]; p != nil && p.path == path {
				kernels = append(kernels, k)
			}
		}
	}
	if len(kernels) == 0 {
		return copied, nil
	}
	// The module launches the ported procedures' kernels only: each was
	// hosted alone (unhostable), and the text parsed when the driver read it.
	at := diag.Span{Start: diag.Pos{File: path, Line: 1, Col: 1}}
	mu := *u
	mu.Kernels = kernels
	mod, err := hostgen.FortranHost(&mu, stem(path))
	if err != nil {
		diags.Error(diag.InternalError, at, "internal error: port: the host module of the ported procedures: %v", err)
		return copied, nil
	}
	f, pd, _ := parser.ParseFile(name, text, parser.Options{Form: form})
	if pd.HasErrors() {
		diags.Error(diag.InternalError, at, "internal error: port: the ported text does not parse: %s", firstError(pd).Msg)
		return copied, nil
	}
	subs := map[string]*ast.Subprogram{}
	for _, p := range procs([]*ast.File{f}) {
		subs[p.sub.Name.Name] = p.sub
	}
	lines := splitLines(text)
	var ins []insertion
	var names []string
	modName := hostgen.FortranModule(&mu, stem(path))
	for _, k := range kernels {
		p := accepted[strings.ToLower(k.Name)]
		s := subs[strings.ToLower(k.Name)]
		var in []insertion
		why := "its statements in the ported text could not be found"
		if s != nil {
			in, why = insertions(lines, s, k, modName, fixed)
		}
		if why != "" {
			diags.Warn(codeKeptOnHost, p.sub.Name.Pos, "procedure %q stays host code: %s", p.sub.Name.Orig, why)
			continue
		}
		ins = append(ins, in...)
		names = append(names, p.sub.Name.Orig)
	}
	body := apply(lines, ins)
	if fixed {
		return []File{{Name: stem(path) + "_cl.f90", Data: mod}, {Name: name, Data: body}}, names
	}
	return []File{{Name: name, Data: append(append(mod, '\n'), body...)}}, names
}

// insertion is text to insert after line After (1-based; 0: before the
// first).
type insertion struct {
	After int
	Lines []string
}

// splitLines splits text into lines without their line breaks.
func splitLines(text []byte) []string {
	s := strings.Split(string(text), "\n")
	if len(s) > 0 && s[len(s)-1] == "" {
		s = s[:len(s)-1]
	}
	return s
}

// apply inserts ins into lines, in line order.
func apply(lines []string, ins []insertion) []byte {
	sort.SliceStable(ins, func(i, j int) bool { return ins[i].After < ins[j].After })
	var b bytes.Buffer
	k := 0
	for i := 0; i <= len(lines); i++ {
		for ; k < len(ins) && ins[k].After == i; k++ {
			for _, l := range ins[k].Lines {
				b.WriteString(l + "\n")
			}
		}
		if i < len(lines) {
			b.WriteString(lines[i] + "\n")
		}
	}
	return b.Bytes()
}

// insertions returns the two insertions of procedure s (Note [the port]),
// or why they cannot be placed.
func insertions(lines []string, s *ast.Subprogram, k *abi.Kernel, mod string, fixed bool) ([]insertion, string) {
	hdr := s.Pos.End.Line
	var first diag.Pos // the first executable statement: an OpenMP or OpenACC line is none
	for _, st := range s.Body {
		if _, ok := st.(*ast.LoopDirective); !ok {
			first = st.Span().Start
			break
		}
	}
	if first.Line == 0 {
		return nil, "it has no executable statement"
	}
	if first.Line <= hdr || first.Line > len(lines) || hdr < 1 {
		return nil, "its first executable statement shares a line with its procedure statement"
	}
	if code, _, _ := strings.Cut(lines[hdr-1], "!"); strings.Contains(code, ";") {
		return nil, "its procedure statement shares a line with another statement"
	}
	if lead := lines[first.Line-1][:min(first.Col-1, len(lines[first.Line-1]))]; strings.Trim(lead, " \t0123456789") != "" {
		return nil, fmt.Sprintf("its first executable statement (line %d) shares a line with another statement", first.Line)
	}
	spec := first.Line - 1 // the last line of the specification part
	for spec > hdr && isComment(lines[spec-1], fixed) {
		spec--
	}
	next := hdr + 1 // the first statement line after the procedure statement
	for next < first.Line && isComment(lines[next-1], fixed) {
		next++
	}
	ind := indentOf(lines[next-1], fixed)
	b := &body{fixed: fixed, ind: ind}
	uses := useLines(b, k, mod)
	b.lines = nil
	blockLines(b, s, k)
	limit, form := 132, "free"
	if fixed {
		limit, form = 72, "fixed"
	}
	for _, l := range append(uses, b.lines...) {
		if len(l) > limit {
			return nil, fmt.Sprintf("a line of its device branch would pass %s form's column %d: %s", form, limit, strings.TrimSpace(l))
		}
	}
	return []insertion{{After: hdr, Lines: uses}, {After: spec, Lines: b.lines}}, ""
}

// isComment reports whether line is blank or a comment (a directive line
// included) in the source form.
func isComment(line string, fixed bool) bool {
	t := strings.TrimSpace(line)
	if t == "" || t[0] == '!' {
		return true
	}
	return fixed && strings.ContainsRune("cC*", rune(line[0]))
}

// indentOf is the indentation of a statement line: its leading blanks
// (fixed form: at least the six columns before the statement field).
func indentOf(line string, fixed bool) string {
	if fixed {
		n := 6
		for n < len(line) && line[n] == ' ' {
			n++
		}
		return strings.Repeat(" ", min(n, 12))
	}
	n := len(line) - len(strings.TrimLeft(line, " \t"))
	return line[:n]
}

// body writes statements at an indentation, wrapping long ones with the
// source form's continuation rules.
type body struct {
	fixed bool
	ind   string
	lines []string
}

// stmt writes one statement at the indentation plus depth levels.
func (b *body) stmt(depth int, format string, args ...any) {
	lead := b.ind + strings.Repeat("  ", depth)
	text := fmt.Sprintf(format, args...)
	limit := 100
	if b.fixed {
		limit = 72
	}
	for len(lead)+len(text) > limit {
		cut := strings.LastIndex(text[:max(limit-len(lead)-2, 0)], ", ")
		if cut <= 0 {
			break
		}
		if b.fixed {
			b.lines = append(b.lines, lead+text[:cut+1])
			lead = "     &" + strings.Repeat(" ", max(len(b.ind)-6, 0)+4)
		} else {
			b.lines = append(b.lines, lead+text[:cut+1]+" &")
			lead = b.ind + strings.Repeat("  ", depth+2)
		}
		text = text[cut+2:]
	}
	b.lines = append(b.lines, lead+text)
}

// deviceName is the device array of dummy n in the ported procedure.
func deviceName(i int, n string) string {
	if len(n)+4 > 63 {
		return fmt.Sprintf("fcl_d%d", i+1)
	}
	return "fcl_" + n
}

// accessCode is the runtime's access constant of an intent.
func accessCode(in abi.Intent) string {
	switch in {
	case abi.In:
		return "forocl_in"
	case abi.Out:
		return "forocl_out"
	}
	return "forocl_inout"
}

// useLines writes the USE statements a ported procedure adds.
func useLines(b *body, k *abi.Kernel, mod string) []string {
	b.stmt(0, "use %s, only: forocl_k => %s", mod, hostgen.FortranProcName(k.Name))
	names := []string{"forocl_port_device"}
	seen := map[string]bool{}
	for _, p := range k.Params {
		if p.Module == "" && p.Array {
			if len(names) == 1 {
				names = append(names, "forocl_array", "forocl_port_enter", "forocl_port_exit")
			}
			if c := accessCode(p.Intent); !seen[c] {
				seen[c] = true
				names = append(names, c)
			}
		}
	}
	b.stmt(0, "use forocl_cl, only: %s", strings.Join(names, ", "))
	return b.lines
}

// blockLines writes the device branch of a ported procedure.
func blockLines(b *body, s *ast.Subprogram, k *abi.Kernel) {
	var arrays []int
	var args, decl []string
	for i, p := range k.Params {
		switch {
		case p.Module != "": // the host module passes it (Note [module variables])
		case p.Array:
			arrays = append(arrays, i)
			decl = append(decl, deviceName(i, p.Name))
			args = append(args, deviceName(i, p.Name))
		default:
			args = append(args, p.Name)
		}
	}
	for _, c := range k.Chars { // after the others, as the Fortran host takes them (Note [host characters] in ir/chars.go)
		args = append(args, c.Name)
	}
	b.stmt(0, "if (forocl_port_device()) then")
	if len(arrays) > 0 {
		b.stmt(1, "block")
		b.stmt(2, "type(forocl_array) :: %s", strings.Join(decl, ", "))
		for _, i := range arrays {
			p := k.Params[i]
			b.stmt(2, "call forocl_port_enter(%s, %s, %s, '%s', '%s')", deviceName(i, p.Name), p.Name, accessCode(p.Intent), s.Name.Orig, p.Name)
		}
	}
	depth := 1
	if len(arrays) > 0 {
		depth = 2
	}
	b.stmt(depth, "call forocl_k(%s)", strings.Join(args, ", "))
	if len(arrays) > 0 {
		for j := len(arrays) - 1; j >= 0; j-- {
			p := k.Params[arrays[j]]
			b.stmt(2, "call forocl_port_exit(%s, %s, %s)", deviceName(arrays[j], p.Name), p.Name, accessCode(p.Intent))
		}
		b.stmt(1, "end block")
	}
	b.stmt(1, "return")
	b.stmt(0, "end if")
}

// compileOrder orders the inputs so that each comes after the inputs
// whose modules it uses (otherwise in the order given).
func compileOrder(paths []string, files []*ast.File) []string {
	defines := map[string]string{} // module -> path
	uses := map[string][]string{}
	for _, f := range files {
		uses[f.Name] = f.UsedModules()
		for _, u := range f.Units {
			if m, ok := u.(*ast.Module); ok {
				defines[m.Name.Name] = f.Name
			}
		}
	}
	var out []string
	state := map[string]int{} // 1 visiting, 2 done
	var visit func(p string)
	visit = func(p string) {
		if state[p] != 0 {
			return
		}
		state[p] = 1
		for _, m := range uses[p] {
			if d, ok := defines[m]; ok && d != p {
				visit(d)
			}
		}
		state[p] = 2
		out = append(out, p)
	}
	for _, p := range paths {
		visit(p)
	}
	return out
}
