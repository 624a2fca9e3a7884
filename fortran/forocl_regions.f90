! forocl_regions: the ForOpenCL region functions, region_cpy and region_ptr,
! written in standard Fortran 2008.
!
! forocl translates kernels written in a data-parallel subset of Fortran into
! OpenCL (Sottile et al., "ForOpenCL: Transformations Exploiting Array Syntax
! in Fortran for Accelerator Programming", 2011, section 2.3). Inside forocl
! the two region functions are recognised by name and never called: they
! become index offsets in the generated OpenCL. This module exists so that the
! very same kernel source also compiles with an ordinary Fortran compiler
! (gfortran -std=f2008) and runs serially on the host. Those serial runs are
! the reference ("oracle") that forocl's OpenCL output is checked against, and
! the serial baseline of the shallow-water example.
!
! A halo is an integer array with two entries per dimension, low side then
! high side: [lo1,hi1] for rank 1, [lo1,hi1,lo2,hi2] for rank 2 and
! [lo1,hi1,lo2,hi2,lo3,hi3] for rank 3. With n_d = size(A,d),
!
!   region_cpy(A, halo) = A(1+lo1:n1-hi1, 1+lo2:n2-hi2, ...)     (a copy)
!   region_ptr(A, halo) => A(1+lo1:n1-hi1, 1+lo2:n2-hi2, ...)    (a pointer)
!
! region_cpy is pure, so a kernel may call it freely. region_ptr is not pure
! (its result aliases its argument); a kernel uses it only as
!     pX => region_ptr(oX, halo)
! to write the interior of an intent(out), target output array oX. The
! result of region_cpy has lower bounds 1; so does the pointer returned by
! region_ptr (an array-section pointer target always has lower bounds 1).
!
! Both functions are generic over real(4) and real(8) arrays of rank 1, 2 and
! 3 (specifics region_cpy_r4_1d ... region_ptr_r8_3d). The halo entries are
! not checked: a halo that does not fit inside A is a programming error,
! caught by gfortran's -fcheck=bounds.
!
! Why region_ptr's array dummy is intent(in), target: the function itself
! neither defines nor undefines A, so intent(in) is accurate, and the
! Fortran 2008 rule on intent(in) (5.3.10: the dummy "shall neither be defined
! nor become undefined during the invocation and execution of the procedure")
! applies only while region_ptr runs. Because A is an assumed-shape target
! dummy, a pointer associated with it during the call stays associated with
! the actual argument after the return (12.5.2.4), and the caller may then
! define the actual (its own intent(out), target array) through that pointer.
! gfortran accepts this with -std=f2008, so intent(inout) is not needed; with
! intent(inout) the caller's intent(out) array would be formally "read" too.
module forocl_regions
  implicit none
  private
  public :: region_cpy, region_ptr

  interface region_cpy
    module procedure region_cpy_r4_1d
    module procedure region_cpy_r4_2d
    module procedure region_cpy_r4_3d
    module procedure region_cpy_r8_1d
    module procedure region_cpy_r8_2d
    module procedure region_cpy_r8_3d
  end interface region_cpy

  interface region_ptr
    module procedure region_ptr_r4_1d
    module procedure region_ptr_r4_2d
    module procedure region_ptr_r4_3d
    module procedure region_ptr_r8_1d
    module procedure region_ptr_r8_2d
    module procedure region_ptr_r8_3d
  end interface region_ptr

contains

  ! region_cpy for real(4) arrays of rank 1: halo has 2 entries.
  pure function region_cpy_r4_1d(A, halo) result(r)
    real(4), intent(in) :: A(:)
    integer, intent(in) :: halo(:)
    real(4) :: r(size(A,1)-halo(1)-halo(2))
    r = A(1+halo(1):size(A,1)-halo(2))
  end function region_cpy_r4_1d

  ! region_cpy for real(4) arrays of rank 2: halo has 4 entries.
  pure function region_cpy_r4_2d(A, halo) result(r)
    real(4), intent(in) :: A(:,:)
    integer, intent(in) :: halo(:)
    real(4) :: r(size(A,1)-halo(1)-halo(2), size(A,2)-halo(3)-halo(4))
    r = A(1+halo(1):size(A,1)-halo(2), 1+halo(3):size(A,2)-halo(4))
  end function region_cpy_r4_2d

  ! region_cpy for real(4) arrays of rank 3: halo has 6 entries.
  pure function region_cpy_r4_3d(A, halo) result(r)
    real(4), intent(in) :: A(:,:,:)
    integer, intent(in) :: halo(:)
    real(4) :: r(size(A,1)-halo(1)-halo(2), size(A,2)-halo(3)-halo(4), size(A,3)-halo(5)-halo(6))
    r = A(1+halo(1):size(A,1)-halo(2), 1+halo(3):size(A,2)-halo(4), 1+halo(5):size(A,3)-halo(6))
  end function region_cpy_r4_3d

  ! region_cpy for real(8) arrays of rank 1: halo has 2 entries.
  pure function region_cpy_r8_1d(A, halo) result(r)
    real(8), intent(in) :: A(:)
    integer, intent(in) :: halo(:)
    real(8) :: r(size(A,1)-halo(1)-halo(2))
    r = A(1+halo(1):size(A,1)-halo(2))
  end function region_cpy_r8_1d

  ! region_cpy for real(8) arrays of rank 2: halo has 4 entries.
  pure function region_cpy_r8_2d(A, halo) result(r)
    real(8), intent(in) :: A(:,:)
    integer, intent(in) :: halo(:)
    real(8) :: r(size(A,1)-halo(1)-halo(2), size(A,2)-halo(3)-halo(4))
    r = A(1+halo(1):size(A,1)-halo(2), 1+halo(3):size(A,2)-halo(4))
  end function region_cpy_r8_2d

  ! region_cpy for real(8) arrays of rank 3: halo has 6 entries.
  pure function region_cpy_r8_3d(A, halo) result(r)
    real(8), intent(in) :: A(:,:,:)
    integer, intent(in) :: halo(:)
    real(8) :: r(size(A,1)-halo(1)-halo(2), size(A,2)-halo(3)-halo(4), size(A,3)-halo(5)-halo(6))
    r = A(1+halo(1):size(A,1)-halo(2), 1+halo(3):size(A,2)-halo(4), 1+halo(5):size(A,3)-halo(6))
  end function region_cpy_r8_3d

  ! region_ptr for real(4) arrays of rank 1: halo has 2 entries.
  function region_ptr_r4_1d(A, halo) result(p)
    real(4), intent(in), target :: A(:)
    integer, intent(in) :: halo(:)
    real(4), pointer :: p(:)
    p => A(1+halo(1):size(A,1)-halo(2))
  end function region_ptr_r4_1d

  ! region_ptr for real(4) arrays of rank 2: halo has 4 entries.
  function region_ptr_r4_2d(A, halo) result(p)
    real(4), intent(in), target :: A(:,:)
    integer, intent(in) :: halo(:)
    real(4), pointer :: p(:,:)
    p => A(1+halo(1):size(A,1)-halo(2), 1+halo(3):size(A,2)-halo(4))
  end function region_ptr_r4_2d

  ! region_ptr for real(4) arrays of rank 3: halo has 6 entries.
  function region_ptr_r4_3d(A, halo) result(p)
    real(4), intent(in), target :: A(:,:,:)
    integer, intent(in) :: halo(:)
    real(4), pointer :: p(:,:,:)
    p => A(1+halo(1):size(A,1)-halo(2), 1+halo(3):size(A,2)-halo(4), 1+halo(5):size(A,3)-halo(6))
  end function region_ptr_r4_3d

  ! region_ptr for real(8) arrays of rank 1: halo has 2 entries.
  function region_ptr_r8_1d(A, halo) result(p)
    real(8), intent(in), target :: A(:)
    integer, intent(in) :: halo(:)
    real(8), pointer :: p(:)
    p => A(1+halo(1):size(A,1)-halo(2))
  end function region_ptr_r8_1d

  ! region_ptr for real(8) arrays of rank 2: halo has 4 entries.
  function region_ptr_r8_2d(A, halo) result(p)
    real(8), intent(in), target :: A(:,:)
    integer, intent(in) :: halo(:)
    real(8), pointer :: p(:,:)
    p => A(1+halo(1):size(A,1)-halo(2), 1+halo(3):size(A,2)-halo(4))
  end function region_ptr_r8_2d

  ! region_ptr for real(8) arrays of rank 3: halo has 6 entries.
  function region_ptr_r8_3d(A, halo) result(p)
    real(8), intent(in), target :: A(:,:,:)
    integer, intent(in) :: halo(:)
    real(8), pointer :: p(:,:,:)
    p => A(1+halo(1):size(A,1)-halo(2), 1+halo(3):size(A,2)-halo(4), 1+halo(5):size(A,3)-halo(6))
  end function region_ptr_r8_3d

end module forocl_regions
