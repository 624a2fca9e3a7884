module m
  implicit none
contains
  subroutine k(c, a, b)
  !$OFP PURE, KERNEL :: k
    real, intent(in) :: c
    real, dimension(:,:), contiguous, intent(in) :: a
    real, dimension(:,:), contiguous, intent(out) :: b
    b = a
    if (c > 0.0) then
      b = a / sum(a)  ! ERROR [reduction-in-branch] "reduction \"sum\" inside an if block"
    end if
  end subroutine
end module
