package clhost

import (
	"regexp"
	"strings"
	"testing"
)

func syntheticDevices() []Device {
	return []Device{
		{Index: "0:0", Platform: "Portable Computing Language", Name: "pthread-haswell", Vendor: "AuthenticAMD", Type: "CPU"},
		{Index: "1:0", Platform: "NVIDIA CUDA", Name: "NVIDIA GeForce RTX 4090", Vendor: "NVIDIA Corporation", Type: "GPU"},
		{Index: "1:1", Platform: "NVIDIA CUDA", Name: "NVIDIA A100", Vendor: "NVIDIA Corporation", Type: "GPU"},
	}
}

func TestSelectDeviceRules(t *testing.T) {
	ds := syntheticDevices()
	for _, tc := range []struct{ sel, want string }{
		{"", "1:0"}, // first GPU
		{"0:0", "0:0"},
		{"1:1", "1:1"},
		{"01:1", "1:1"},
		{"nvidia", ""}, // two models: ambiguous
		{"A100", "1:1"},
		{"nvidia a100", "1:1"},
		{"1", "1:0"}, // a bare number is the list index, never part of a name
		{"2", "1:1"},
		{"3", ""},
		{"pocl", ""}, // no synthetic device mentions PoCL
		{"portable", "0:0"},
		{"cpu", "0:0"},
		{"gpu", ""},
		{"2:0", ""},
		{"1:", ""},
	} {
		d, err := selectDevice(ds, tc.sel, "")
		if tc.want == "" {
			if err == nil {
				t.Errorf("select %q: got %s, want error", tc.sel, d.Index)
			}
			continue
		}
		if err != nil || d.Index != tc.want {
			t.Errorf("select %q: got %q, %v; want %q", tc.sel, d.Index, err, tc.want)
		}
	}
	// A bare number is an index even when a name contains it ("4090").
	if d, err := selectDevice(ds, "0", ""); err != nil || d.Index != "0:0" {
		t.Errorf("select 0: %s, %v", d.Index, err)
	}
	// Identical devices are one model: the first is taken.
	same := []Device{ds[0], ds[2], ds[2]}
	same[2].Index = "1:2"
	if d, err := selectDevice(same, "a100", ""); err != nil || d.Index != "1:1" {
		t.Errorf("select a100 among identical devices: %s, %v", d.Index, err)
	}
	// A name equal to the selector wins over names that contain it.
	exact := append(syntheticDevices(), Device{Index: "1:2", Platform: "NVIDIA CUDA", Name: "NVIDIA A100 80GB", Type: "GPU"})
	if d, err := selectDevice(exact, "nvidia a100", ""); err != nil || d.Index != "1:1" {
		t.Errorf("exact name: %s, %v", d.Index, err)
	}
	_, err := selectDevice(ds, "nvidia", " (from FOROCL_DEVICE)")
	for _, s := range []string{`device "nvidia" (from FOROCL_DEVICE) is ambiguous: it matches 2 devices`, "1:0", "1:1", "RTX 4090", "A100"} {
		if err == nil || !strings.Contains(err.Error(), s) {
			t.Errorf("ambiguous selector: error %v lacks %q", err, s)
		}
	}
	if err != nil && strings.Contains(err.Error(), "pthread") {
		t.Errorf("ambiguous selector lists a device that does not match: %v", err)
	}
	// Without a GPU the first device wins.
	if d, _ := selectDevice(ds[:1], "", ""); d.Index != "0:0" {
		t.Errorf("no-GPU default picked %q", d.Index)
	}
	_, err = selectDevice(ds, "nosuchdevice", " (from FOROCL_DEVICE)")
	if err == nil {
		t.Fatal("no error for nosuchdevice")
	}
	for _, s := range []string{"nosuchdevice", "FOROCL_DEVICE", "available devices", "1:1", "NVIDIA A100", "pthread-haswell"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q lacks %q", err, s)
		}
	}
}

func TestDevices(t *testing.T) {
	ds := requireOpenCL(t)
	if len(ds) == 0 {
		t.Fatal("no devices")
	}
	idx := regexp.MustCompile(`^\d+:\d+$`)
	for _, d := range ds {
		t.Logf("%s: platform %q name %q vendor %q driver %q version %q C %q type %s CUs %d global %d local %d maxalloc %d wg %d items %v fp64 %v",
			d.Index, d.Platform, d.Name, d.Vendor, d.DriverVersion, d.Version, d.OpenCLC, d.Type, d.ComputeUnits,
			d.GlobalMem, d.LocalMem, d.MaxAlloc, d.MaxWorkGroupSize, d.MaxWorkItemSizes, d.FP64)
		switch {
		case !idx.MatchString(d.Index):
			t.Errorf("bad index %q", d.Index)
		case d.Name == "" || d.Platform == "":
			t.Errorf("%s: empty name or platform", d.Index)
		case d.Type != "GPU" && d.Type != "CPU" && d.Type != "ACCELERATOR" && d.Type != "OTHER":
			t.Errorf("%s: bad type %q", d.Index, d.Type)
		case d.ComputeUnits <= 0 || d.MaxWorkGroupSize <= 0 || len(d.MaxWorkItemSizes) == 0:
			t.Errorf("%s: bad compute limits", d.Index)
		case d.GlobalMem == 0 || d.LocalMem == 0 || d.MaxAlloc == 0 || d.MaxAlloc > d.GlobalMem:
			t.Errorf("%s: bad memory sizes", d.Index)
		case !strings.HasPrefix(d.OpenCLC, "OpenCL C ") || !strings.HasPrefix(d.Version, "OpenCL "):
			t.Errorf("%s: bad versions %q %q", d.Index, d.Version, d.OpenCLC)
		case d.id == 0 || d.platform == 0:
			t.Errorf("%s: missing ids", d.Index)
		}
	}
}

func TestSelect(t *testing.T) {
	ds := requireOpenCL(t)
	d, err := Select("0:0")
	if err != nil || d.Index != "0:0" || d.Name != ds[0].Name {
		t.Errorf("Select(0:0) = %+v, %v", d, err)
	}
	havePocl := false
	for _, d := range ds {
		havePocl = havePocl || strings.Contains(strings.ToLower(d.Platform+" "+d.Version), "pocl") ||
			strings.EqualFold(d.Platform, "Portable Computing Language")
	}
	if havePocl {
		d, err := Select("pocl")
		if err != nil || !strings.Contains(strings.ToLower(d.Platform+" "+d.Version), "pocl") {
			t.Errorf("Select(pocl) = %s, %v", d, err)
		}
	}
	_, err = Select("nosuchdevice")
	if err == nil || !strings.Contains(err.Error(), ds[0].Name) || !strings.Contains(err.Error(), "nosuchdevice") {
		t.Errorf("Select(nosuchdevice) error %v should name the query and list %q", err, ds[0].Name)
	}
	if _, err := Select("99:99"); err == nil {
		t.Error("Select(99:99) succeeded")
	}
	t.Setenv("FOROCL_DEVICE", ds[len(ds)-1].Index)
	if d, err := Select(""); err != nil || d.Index != ds[len(ds)-1].Index {
		t.Errorf("Select with FOROCL_DEVICE=%s got %q, %v", ds[len(ds)-1].Index, d.Index, err)
	}
	t.Setenv("FOROCL_DEVICE", "nosuchdevice")
	if _, err := Select(""); err == nil || !strings.Contains(err.Error(), "FOROCL_DEVICE") {
		t.Errorf("bad FOROCL_DEVICE: error %v should mention FOROCL_DEVICE", err)
	}
}
