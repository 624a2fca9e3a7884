module decls
  implicit none
  private
  public :: smooth1, smooth3
  real, parameter :: pi = 3.14159265
  integer, parameter :: ik = selected_int_kind(9)
  real*8 :: old_style
  double precision :: dprec(0:9)
  real(kind=8), dimension(:), allocatable :: work
  integer(4) :: counts(4) = [1, 1, 0, 0]
  integer :: legacy(2) = (/ 1, 2 /)
  logical(kind=4) :: flags(3)
  character(len=*), parameter :: name = "decls"
  character(10) :: short
  character*8 :: shorter
  type(point) :: origin
  real, pointer :: p(:) => null()
  interface smooth
    module procedure smooth1, smooth3
  end interface smooth
  type point
    real :: x, y
  end type point
contains
  subroutine smooth1(a, oa, halo)
    real, dimension(:), contiguous, intent(in) :: a
    real, dimension(:), contiguous, intent(out), target :: oa
    integer, intent(in) :: halo(2)
    real, pointer, dimension(:) :: pa
    pa => region_ptr(oa, halo)
    pa = 0.5*(region_cpy(a, [0, 2]) + region_cpy(a, [2, 0]))
  end subroutine smooth1

  subroutine smooth3(A, oA)
    real(8), dimension(:,:,:), intent(in) :: A
    real(8), intent(out) :: oA(:,:,:)
    real(8) :: tmp(size(A,1)-2, size(A,2)-2, size(A,3)-2)
    real(8), dimension(-1:1, 0:2, 3) :: weights
    intent(in out) :: weights
    dimension x(:), y(2, 3)
    save
    optional :: tmp
    oA(2:size(A,1)-1, :, ::2) = A(1:, :size(A,2), 1::2)
    where (A > 0.0d0 .and. A /= 1) oA = sqrt(A)
    where (A > 1.0d0)
      oA = 1
    else where (A < 0)
      oA = -1
    elsewhere
      oA = 0
    endwhere
  end subroutine smooth3
end module decls
