//go:build darwin || freebsd || linux || netbsd

package clhost

import (
	"runtime"

	"github.com/ebitengine/purego"
)

// openLibrary dlopens the OpenCL ICD loader.
func openLibrary() (uintptr, error) {
	names := []string{"libOpenCL.so.1", "libOpenCL.so"}
	if runtime.GOOS == "darwin" {
		names = []string{"/System/Library/Frameworks/OpenCL.framework/OpenCL"}
	}
	return openFirst(names)
}

// openFirst dlopens the first library of names that loads.
func openFirst(names []string) (uintptr, error) {
	for _, name := range names {
		if h, err := purego.Dlopen(name, purego.RTLD_NOW|purego.RTLD_GLOBAL); err == nil && h != 0 {
			return h, nil
		}
	}
	return 0, &unavailableError{msg: msgNoLoader}
}

func lookupSymbol(lib uintptr, name string) (uintptr, error) {
	return purego.Dlsym(lib, name)
}
