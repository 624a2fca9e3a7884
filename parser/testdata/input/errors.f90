! Errors the parser reports and recovers from.
module broken
  implicit none
  real, dimension(:,: :: bad
  real :: fine
contains
  subroutine s(a, b)
    real, intent(in) :: a(:)
    real, intent(out) :: b(:)
    b = (a + 1
    b = a +* 2
    whatever you say
    if (a(1) > 0) then
      b = 1
    elsewhere
      b = 2
    end if
  end subroutine t

  subroutine u()
    where (b > 0)
      b = 0
  end subroutine u
end module broken
