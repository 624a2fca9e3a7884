//go:build darwin || freebsd || linux || netbsd

package clhost

import (
	"errors"
	"testing"
)

func TestMissingLoaderMessage(t *testing.T) {
	_, err := openFirst([]string{"libforocl-no-such-library.so.1"})
	if err == nil {
		t.Fatal("opened a library that does not exist")
	}
	if !errors.Is(err, ErrUnavailable) || err.Error() != msgNoLoader {
		t.Errorf("got %v, want %q matching ErrUnavailable", err, msgNoLoader)
	}
}
