! cpp_line_file: __LINE__ and __FILE__ are predefined, as gfortran -cpp
! does. A kernel tags its output with the line it was written on and the
! length of its file's name, through a macro as logging code does.
#define TAGGED(x) ((x) + 0.001d0*__LINE__)
!$OFP PURE, KERNEL :: tag_rows
subroutine tag_rows(n, a, b)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: a(n)
  real(8), intent(out) :: b(n)
  integer, parameter :: nf = 3
  integer :: i
  !$omp parallel do
  do i = 1, n
    b(i) = TAGGED(a(i)) + nf
  end do
end subroutine tag_rows

! Not a kernel: where an error would be reported from.
subroutine fail_here(code)
  implicit none
  integer, intent(in) :: code
  print *, __FILE__, ":", __LINE__, ": error ", code
  stop 1
end subroutine fail_here
