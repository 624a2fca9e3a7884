package clhost

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"unsafe"
)

// Device describes one OpenCL device of one platform.
type Device struct {
	Index            string // "P:D", platform and device index, e.g. "0:1"
	Platform         string // platform name
	Name             string // device name
	Vendor           string // device vendor
	DriverVersion    string // CL_DRIVER_VERSION
	Version          string // CL_DEVICE_VERSION, e.g. "OpenCL 3.0 CUDA"
	OpenCLC          string // CL_DEVICE_OPENCL_C_VERSION, e.g. "OpenCL C 1.2"
	Type             string // "GPU", "CPU", "ACCELERATOR" or "OTHER"
	ComputeUnits     int    // CL_DEVICE_MAX_COMPUTE_UNITS
	GlobalMem        uint64 // global memory, bytes
	LocalMem         uint64 // local memory per work-group, bytes
	MaxAlloc         uint64 // largest single buffer, bytes
	MaxWorkGroupSize int    // CL_DEVICE_MAX_WORK_GROUP_SIZE
	MaxWorkItemSizes []int  // CL_DEVICE_MAX_WORK_ITEM_SIZES, one per dimension
	FP64             bool   // cl_khr_fp64 or a non-zero CL_DEVICE_DOUBLE_FP_CONFIG

	platform uintptr // cl_platform_id
	id       uintptr // cl_device_id
}

// String returns "P:D platform / name (TYPE)".
func (d Device) String() string {
	return fmt.Sprintf("%s  %s / %s (%s)", d.Index, d.Platform, d.Name, d.Type)
}

// Devices lists every device of every OpenCL platform, in platform order and
// then device order. When no loader, platform or device is found the error
// says what to install and matches ErrUnavailable.
func Devices() ([]Device, error) {
	if err := load(); err != nil {
		return nil, err
	}
	platforms, err := platformIDs()
	if err != nil {
		return nil, err
	}
	var out []Device
	for pi, p := range platforms {
		pname, _ := infoString("clGetPlatformInfo", platformInfo(p, clPlatformName))
		ids, err := deviceIDs(p)
		if err != nil {
			return nil, fmt.Errorf("platform %d (%s): %w", pi, pname, err)
		}
		for di, id := range ids {
			d, err := describe(p, id)
			if err != nil {
				return nil, fmt.Errorf("platform %d (%s) device %d: %w", pi, pname, di, err)
			}
			d.Index = fmt.Sprintf("%d:%d", pi, di)
			d.Platform = pname
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return nil, &unavailableError{msg: msgNoDevice}
	}
	return out, nil
}

func platformIDs() ([]uintptr, error) {
	var n uint32
	code := cl.GetPlatformIDs(0, nil, unsafe.Pointer(&n))
	if code == CodePlatformNotFoundKHR || (code == 0 && n == 0) {
		return nil, &unavailableError{msg: msgNoPlatform}
	}
	if err := check("clGetPlatformIDs", code); err != nil {
		return nil, err
	}
	ids := make([]uintptr, n)
	code = cl.GetPlatformIDs(n, unsafe.Pointer(&ids[0]), unsafe.Pointer(&n))
	runtime.KeepAlive(ids)
	if err := check("clGetPlatformIDs", code); err != nil {
		return nil, err
	}
	return ids[:min(int(n), len(ids))], nil
}

func deviceIDs(p uintptr) ([]uintptr, error) {
	var n uint32
	code := cl.GetDeviceIDs(p, clDeviceTypeAll, 0, nil, unsafe.Pointer(&n))
	if code == CodeDeviceNotFound || (code == 0 && n == 0) {
		return nil, nil
	}
	if err := check("clGetDeviceIDs", code); err != nil {
		return nil, err
	}
	ids := make([]uintptr, n)
	code = cl.GetDeviceIDs(p, clDeviceTypeAll, n, unsafe.Pointer(&ids[0]), unsafe.Pointer(&n))
	runtime.KeepAlive(ids)
	if err := check("clGetDeviceIDs", code); err != nil {
		return nil, err
	}
	return ids[:min(int(n), len(ids))], nil
}

// describe queries the properties of one device. Only the name is required;
// properties a driver cannot report are left zero.
func describe(p, id uintptr) (Device, error) {
	const op = "clGetDeviceInfo"
	d := Device{platform: p, id: id}
	var err error
	if d.Name, err = infoString(op, deviceInfo(id, clDeviceName)); err != nil {
		return d, err
	}
	d.Vendor, _ = infoString(op, deviceInfo(id, clDeviceVendor))
	d.DriverVersion, _ = infoString(op, deviceInfo(id, clDriverVersion))
	d.Version, _ = infoString(op, deviceInfo(id, clDeviceVersion))
	d.OpenCLC, _ = infoString(op, deviceInfo(id, clDeviceOpenCLCVersion))

	typ, _ := infoUint64(op, deviceInfo(id, clDeviceType))
	d.Type = typeName(typ)
	cu, _ := infoUint32(op, deviceInfo(id, clDeviceMaxComputeUnits))
	d.ComputeUnits = int(cu)
	d.GlobalMem, _ = infoUint64(op, deviceInfo(id, clDeviceGlobalMemSize))
	d.LocalMem, _ = infoUint64(op, deviceInfo(id, clDeviceLocalMemSize))
	d.MaxAlloc, _ = infoUint64(op, deviceInfo(id, clDeviceMaxMemAllocSize))
	wg, _ := infoSize(op, deviceInfo(id, clDeviceMaxWorkGroupSize))
	d.MaxWorkGroupSize = int(wg)

	dims, _ := infoUint32(op, deviceInfo(id, clDeviceMaxWorkItemDims))
	if dims > 0 && dims <= clDeviceMaxWorkItemDimsLimit {
		sizes := make([]uintptr, dims)
		code := cl.GetDeviceInfo(id, clDeviceMaxWorkItemSizes, uintptr(dims)*unsafe.Sizeof(sizes[0]), unsafe.Pointer(&sizes[0]), nil)
		runtime.KeepAlive(sizes)
		if code == 0 {
			for _, s := range sizes {
				d.MaxWorkItemSizes = append(d.MaxWorkItemSizes, int(s))
			}
		}
	}

	ext, _ := infoString(op, deviceInfo(id, clDeviceExtensions))
	for _, e := range strings.Fields(ext) {
		if e == "cl_khr_fp64" {
			d.FP64 = true
		}
	}
	if !d.FP64 {
		if cfg, err := infoUint64(op, deviceInfo(id, clDeviceDoubleFPConfig)); err == nil && cfg != 0 {
			d.FP64 = true
		}
	}
	return d, nil
}

func typeName(t uint64) string {
	switch {
	case t&clDeviceTypeGPU != 0:
		return "GPU"
	case t&clDeviceTypeCPU != 0:
		return "CPU"
	case t&clDeviceTypeAccelerator != 0:
		return "ACCELERATOR"
	}
	return "OTHER"
}

// Select picks a device, by the rules of forocl's --device. An empty sel
// means os.Getenv("FOROCL_DEVICE"), and if that is empty too, the first
// GPU, else the first device. Otherwise sel is one of
//
//   - "P:D" (digits): the platform:device index that [Devices] lists;
//   - a bare number N: the N-th device of that list, counting from 0
//     (never a part of a name);
//   - anything else: a case-insensitive substring of the platform name,
//     device name, vendor, type or device version, such as "nvidia",
//     "cpu" or "pocl". A device whose name equals sel wins; otherwise the
//     matches must all be one model (as on a machine with several
//     identical GPUs, where the first is taken).
//
// When nothing matches, or a name matches devices of several models, the
// error lists the devices.
func Select(sel string) (Device, error) {
	ds, err := Devices()
	if err != nil {
		return Device{}, err
	}
	from := ""
	if sel == "" {
		sel = strings.TrimSpace(os.Getenv("FOROCL_DEVICE"))
		from = " (from FOROCL_DEVICE)"
	}
	return selectDevice(ds, sel, from)
}

// selectDevice is Select over the device list ds (from, when not empty,
// says in errors where sel came from). PoCL's platform is "Portable
// Computing Language" and only its version string says "PoCL", hence the
// version among the fields a name may match.
func selectDevice(ds []Device, sel, from string) (Device, error) {
	if len(ds) == 0 {
		return Device{}, &unavailableError{msg: msgNoDevice}
	}
	if sel == "" {
		for _, d := range ds {
			if d.Type == "GPU" {
				return d, nil
			}
		}
		return ds[0], nil
	}
	if p, d, ok := parseIndex(sel); ok {
		want := fmt.Sprintf("%d:%d", p, d)
		for _, dev := range ds {
			if dev.Index == want {
				return dev, nil
			}
		}
		return Device{}, noMatch(ds, sel, from)
	}
	if allDigits(sel) {
		n, err := strconv.Atoi(sel)
		if err != nil || n >= len(ds) {
			return Device{}, noMatch(ds, sel, from)
		}
		return ds[n], nil
	}
	needle := strings.ToLower(sel)
	var matches []Device
	for _, d := range ds {
		if strings.ToLower(d.Name) == needle {
			return d, nil
		}
		hay := strings.ToLower(strings.Join([]string{d.Platform, d.Name, d.Vendor, d.Type, d.Version}, " "))
		if strings.Contains(hay, needle) {
			matches = append(matches, d)
		}
	}
	if len(matches) == 0 {
		return Device{}, noMatch(ds, sel, from)
	}
	for _, d := range matches[1:] {
		if d.Platform != matches[0].Platform || d.Name != matches[0].Name {
			return Device{}, ambiguous(matches, sel, from)
		}
	}
	return matches[0], nil
}

// parseIndex parses "P:D" with decimal digits only.
func parseIndex(s string) (p, d int, ok bool) {
	ps, ds, found := strings.Cut(s, ":")
	if !found || !allDigits(ps) || !allDigits(ds) {
		return 0, 0, false
	}
	p, err1 := strconv.Atoi(ps)
	d, err2 := strconv.Atoi(ds)
	return p, d, err1 == nil && err2 == nil
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func ambiguous(ds []Device, sel, from string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "device %q%s is ambiguous: it matches %d devices; give an index (see forocl devices) or more of the name:", sel, from, len(ds))
	for _, d := range ds {
		b.WriteString("\n  ")
		b.WriteString(d.String())
	}
	return errors.New(b.String())
}

func noMatch(ds []Device, sel, from string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "no OpenCL device matches %q%s; available devices:", sel, from)
	for _, d := range ds {
		b.WriteString("\n  ")
		b.WriteString(d.String())
	}
	return errors.New(b.String())
}
