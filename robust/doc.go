// Package robust holds forocl's robustness tests; it has no code of its
// own. Its tests drive the whole front end (parser, sema, regions and the
// OpenCL emitter) with pathological and random inputs, check the Fortran
// corpus with gfortran, and generate docs/errors.md, the catalogue of every
// diagnostic forocl can emit, from the examples in testdata/errors.
//
// Run "go test ./robust/" for the tests, scripts/fuzz.sh for the fuzz
// targets, and "go test ./robust/ -run TestErrorsDoc -update" (or
// FOROCL_UPDATE_DOCS=1) to regenerate docs/errors.md after reading the diff.
package robust
