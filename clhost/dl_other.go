//go:build !(darwin || freebsd || linux || netbsd)

package clhost

import "errors"

// openLibrary reports that this operating system is not supported.
func openLibrary() (uintptr, error) {
	return 0, &unavailableError{msg: "clhost: OpenCL loading is implemented for Linux, macOS and the BSDs only"}
}

func lookupSymbol(lib uintptr, name string) (uintptr, error) {
	return 0, errors.New("unsupported operating system")
}
