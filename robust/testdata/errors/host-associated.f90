program driver
  implicit none
  real :: gain
  real :: a(8), b(8)
  gain = 2
  a = 1
  call amplify(8, a, b)
contains
!$OFP PURE, KERNEL :: amplify
  subroutine amplify(n, x, y)
    integer, intent(in) :: n
    real, intent(in) :: x(n)
    real, intent(out) :: y(n)
    integer :: i
    do i = 1, n
      y(i) = gain*x(i)
      !^ ERROR:14 [host-associated] "\"amplify\" uses \"gain\", a variable of program \"driver\", by host association; a kernel receives its data as arguments"
    end do
  end subroutine amplify
end program driver
