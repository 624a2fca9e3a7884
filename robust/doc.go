// Package robust holds forocl's robustness tests; it has no code of its
// own. Its tests drive the whole front end (parser, sema, regions and the
// OpenCL emitter) with pathological and random inputs, check the Fortran
// corpus with gfortran, check the annotated bad inputs (testdata/bad and
// testdata/errors, see Note [expectations] in expect_test.go), and generate
// docs/errors.md from the table of diagnostic codes (diag.Codes) and the
// examples in testdata/errors, one or more per code.
//
// Run "go test ./robust/" for the tests, scripts/fuzz.sh for the fuzz
// targets, and "go test ./robust/ -run TestErrorsDoc -update" (or
// FOROCL_UPDATE_DOCS=1) to regenerate docs/errors.md after reading the diff.
package robust
