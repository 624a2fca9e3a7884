module m
  implicit none
contains
  subroutine k(a, b)
  !$OFP PURE, KERNEL :: k
    real, dimension(:,:), contiguous, intent(in) :: a
    real, dimension(:,:), contiguous, intent(out) :: b
    b = 0.0
    where (a > 1.0)
      b = a / maxval(a)  ! ERROR [reduction-in-branch] "reduction \"maxval\" inside a where block"
    end where
  end subroutine
end module
