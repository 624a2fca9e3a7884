package main

// The OpenCL kernel and its Go harness are generated from fortran/heat.f90,
// tuned for GPUs (what forocl run --strategy auto picks on one), so that
// the Go loop here and `forocl run --steps` launch the same kernel.
//go:generate go run ../../cmd/forocl build -I ../../fortran fortran/heat.f90 -o heatcl --go-package heatcl --target gpu
