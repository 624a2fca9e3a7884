package clhost

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestCodeNamesComplete(t *testing.T) {
	for code := int32(0); code >= -68; code-- {
		if code <= -20 && code >= -29 {
			continue // unassigned in OpenCL 1.2
		}
		if strings.HasPrefix(CodeName(code), "unknown") {
			t.Errorf("code %d has no name", code)
		}
	}
	for code, want := range map[int32]string{
		CodeInvalidWorkGroupSize: "CL_INVALID_WORK_GROUP_SIZE (-54)",
		CodePlatformNotFoundKHR:  "CL_PLATFORM_NOT_FOUND_KHR (-1001)",
		CodeBuildProgramFailure:  "CL_BUILD_PROGRAM_FAILURE (-11)",
		-68:                      "CL_INVALID_DEVICE_PARTITION_COUNT (-68)",
		-9999:                    "unknown OpenCL error (-9999)",
	} {
		if got := CodeName(code); got != want {
			t.Errorf("CodeName(%d) = %q, want %q", code, got, want)
		}
	}
}

func TestErrorFormatAndIsCode(t *testing.T) {
	err := error(&Error{Op: "clEnqueueNDRangeKernel", Code: -54})
	if got, want := err.Error(), "clEnqueueNDRangeKernel: CL_INVALID_WORK_GROUP_SIZE (-54)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	wrapped := fmt.Errorf("kernel k: %w", err)
	if !IsCode(wrapped, CodeInvalidWorkGroupSize) || IsCode(wrapped, CodeInvalidValue) {
		t.Errorf("IsCode on wrapped error wrong")
	}
	if IsCode(errors.New("x"), 0) || IsCode(nil, 0) {
		t.Errorf("IsCode matched a non-OpenCL error")
	}
	be := &BuildError{Device: "dev", Options: "-DX=1", Log: "input.cl:3:1: error: boom", Err: &Error{Op: "clBuildProgram", Code: -11}}
	if !IsCode(be, CodeBuildProgramFailure) {
		t.Errorf("BuildError does not unwrap to its code")
	}
	for _, s := range []string{"dev", "-DX=1", "input.cl:3:1: error: boom", "CL_BUILD_PROGRAM_FAILURE (-11)"} {
		if !strings.Contains(be.Error(), s) {
			t.Errorf("BuildError %q lacks %q", be.Error(), s)
		}
	}
}

func TestUnavailableErrorMatches(t *testing.T) {
	for _, msg := range []string{msgNoLoader, msgNoPlatform} {
		err := fmt.Errorf("wrap: %w", &unavailableError{msg: msg})
		if !errors.Is(err, ErrUnavailable) {
			t.Errorf("%q does not match ErrUnavailable", msg)
		}
	}
	if !strings.Contains(msgNoLoader, "apt-get install ocl-icd-libopencl1 pocl-opencl-icd") {
		t.Errorf("loader message lacks the install hint")
	}
}

// Objects not made by a Context must give errors, not panics.
func TestZeroValuesDoNotPanic(t *testing.T) {
	var c Context
	if _, err := c.NewBuffer(16); err == nil {
		t.Error("NewBuffer on a zero Context succeeded")
	}
	if _, err := c.BuildProgram("", ""); err == nil {
		t.Error("BuildProgram on a zero Context succeeded")
	}
	if err := c.Finish(); err == nil {
		t.Error("Finish on a zero Context succeeded")
	}
	if err := c.Close(); err != nil {
		t.Error(err)
	}
	if _, err := c.Launch(&Kernel{}, []int{1}, nil); err == nil {
		t.Error("Launch on a zero Context succeeded")
	}
	if _, err := (&Program{}).Kernel("k"); err == nil {
		t.Error("Kernel on a zero Program succeeded")
	}
	if err := (&Kernel{}).SetArgs(1); err == nil {
		t.Error("SetArgs on a zero Kernel succeeded")
	}
	if err := (&Event{}).Wait(); err == nil {
		t.Error("Wait on a zero Event succeeded")
	}
	var nilCtx *Context
	if err := nilCtx.Close(); err != nil {
		t.Error(err)
	}
	(&Buffer{}).Release()
	(*Buffer)(nil).Release()
	(&Event{}).Release()
	(&Kernel{}).Release()
	(&Program{}).Release()
	if (*Program)(nil).Log() != "" || (*Program)(nil).FromCache() || (*Kernel)(nil).Name() != "" || nilCtx.Device().Name != "" {
		t.Error("nil receivers")
	}
	if _, err := NewContext(Device{Name: "fake"}); err == nil {
		t.Error("NewContext accepted a Device not from Devices")
	}
}
