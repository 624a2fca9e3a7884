package main

// The OpenCL kernel and its Go harness are generated from fortran/heat.f90,
// tuned for GPUs (what forocl run --strategy auto picks on one), so that
// the Go loop here and `forocl run --steps` launch the same kernel. Inside
// forocl's own module, go run builds the command; a module of your own
// makes forocl a tool dependency (go get -tool
// github.com/forocl/forocl/cmd/forocl) and writes "go tool forocl build
// ..." instead: README.md, From Go, which scripts/go-example.sh runs.
//go:generate go run ../../cmd/forocl build -I ../../fortran fortran/heat.f90 -o heatcl --go-package heatcl --target gpu
