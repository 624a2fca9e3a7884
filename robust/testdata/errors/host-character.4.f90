module m
contains
  subroutine helper(mode, n, b)
    character(len=*), intent(in) :: mode
    integer, intent(in) :: n
    real, intent(inout) :: b(n)
    integer :: i
    do concurrent (i = 1:n)
      b(i) = b(i) + 1
    end do
  end subroutine helper

  subroutine k(n, b)
  !$OFP PURE, KERNEL :: k
    integer, intent(in) :: n
    real, intent(inout) :: b(n)
    call helper('x', n, b)  ! ERROR:5 [host-character] "helper takes character dummies" ERROR:5 [function-arguments] "takes 2 arguments but 3 were given"
  end subroutine k
end module m
