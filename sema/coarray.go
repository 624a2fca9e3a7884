package sema

import (
	"strings"

	"github.com/forocl/forocl/ast"
)

// coarrayFuncs are the intrinsic functions and subroutines of coarray
// Fortran (F2018 16.9), which a kernel cannot use (coarray-unsupported).
var coarrayFuncs = map[string]bool{
	"this_image": true, "num_images": true, "image_index": true, "lcobound": true, "ucobound": true,
	"coshape": true, "team_number": true, "get_team": true, "failed_images": true, "stopped_images": true,
	"image_status": true, "co_sum": true, "co_max": true, "co_min": true, "co_broadcast": true, "co_reduce": true,
	"event_query": true,
}

// coarrayStmts are the first words of coarray Fortran's image control
// statements.
var coarrayStmts = map[string]bool{
	"sync": true, "critical": true, "event": true, "lock": true, "unlock": true, "form": true, "change": true,
	"fail": true,
}

// coarrayName reports a coarray intrinsic named where a kernel calls it
// (coarray-unsupported), unless the program defines a procedure of that
// name; it reports whether it did.
func (l *lowerer) coarrayName(id ast.Ident) bool {
	if !coarrayFuncs[id.Name] {
		return false
	}
	for _, p := range l.c.subs {
		if p.sub.Name.Name == id.Name {
			return false // the program's own procedure of that name
		}
	}
	d := l.errorf(codeCoarray, id.Pos, "%q is a coarray intrinsic; a kernel's work-items are no images", id.Orig)
	if strings.HasPrefix(id.Name, "co_") {
		d.WithHint("combine the images' results in the program that calls the kernel")
	} else {
		d.WithHint("compute it outside the kernel and pass the value as a dummy")
	}
	return true
}

// coarrayStmt reports an image control statement in a kernel
// (coarray-unsupported); it reports whether s is one.
func (l *lowerer) coarrayStmt(s *ast.OtherStmt) bool {
	if !coarrayStmts[s.Keyword] {
		return false
	}
	l.errorf(codeCoarray, s.Pos, "%q is a coarray image control statement; a kernel's work-items are no images", s.Keyword).
		WithHint("synchronise images in the program that calls the kernel")
	return true
}
